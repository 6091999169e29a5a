#!/usr/bin/env bash
# Run every Fuzz target of the module, one at a time, each for the same
# time, and print a line per target: inputs run, new inputs kept, the
# worker's peak memory.
#
#   bench/fuzz.sh [TIME] [PATTERN]     e.g. bench/fuzz.sh 60s, bench/fuzz.sh 10s Split
#
# TIME is per target (go test -fuzztime: 60s, or 5000x; default 60s);
# PATTERN selects targets by name (a regular expression; default all).
# PARALLEL sets the workers of each target (default: go test's, the number
# of CPUs; on a shared machine say PARALLEL=1). MINIMIZE is the time spent
# minimizing each new input and each failing one (-fuzzminimizetime;
# default 0, none): go test's default, 60s, stops the fuzzing at each new
# input for up to a minute (the count of inputs stands still meanwhile),
# so that a short run is mostly minimizing. Say MINIMIZE=60s to shrink a
# failing input found.
#
# What made a minute of fuzzing a few hundred inputs, with workers of
# gigabytes: each ingest.Reader held a sync.Pool, which the runtime keeps
# (with the Reader and its buffers) for two garbage collections; with a
# Reader per input, the heap after each collection held every input of
# the cycle before, and doubled (the Reader now keeps its spare buffers
# in a channel). The targets also keep each run small: reader buffers of
# 32 KiB, not 2 MiB, and one Stage for all inputs. New inputs go to the
# Go build cache ($(go env GOCACHE)/fuzz), failing ones to the package's
# testdata/fuzz; the script stops at the first failure.
set -euo pipefail
cd "$(dirname "$0")/.."
time=${1:-60s}
pattern=${2:-.}
minimize=${MINIMIZE:-0}
par=()
[ -n "${PARALLEL:-}" ] && par=(-parallel "$PARALLEL")
log=$(mktemp)
trap 'rm -f "$log"' EXIT
printf '%-14s %-22s %12s %10s %12s\n' package target inputs new peak_MiB
for pkg in $(go list ./...); do
	for target in $(go test -list '^Fuzz' "$pkg" | grep '^Fuzz' || true); do
		[[ $target =~ $pattern ]] || continue
		if ! /usr/bin/time -f '%M' -o "$log.rss" go test -run '^$' -fuzz "^$target\$" -fuzztime "$time" \
			-fuzzminimizetime "$minimize" "${par[@]}" "$pkg" >"$log" 2>&1; then
			cat "$log"
			echo "$target failed" >&2
			exit 1
		fi
		last=$(grep 'execs:' "$log" | tail -1)
		inputs=$(sed -n 's/.*execs: \([0-9]*\).*/\1/p' <<<"$last")
		new=$(sed -n 's/.*new interesting: \([0-9]*\).*/\1/p' <<<"$last")
		# /usr/bin/time reports the largest process of the run: the worker
		printf '%-14s %-22s %12s %10s %12s\n' "${pkg#github.com/arbiter-chess/arbiter/}" "$target" "${inputs:-?}" "${new:-?}" \
			"$(($(tail -1 "$log.rss") / 1024))"
	done
done
rm -f "$log.rss"
