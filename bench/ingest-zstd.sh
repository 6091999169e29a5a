#!/usr/bin/env bash
# Compare the ingest Reader (read + zstd decode + split into blocks) with the
# zstd command line decoder on the same .pgn.zst file.
#
#   bench/ingest-zstd.sh [file.pgn.zst] [runs]
#
# Prints the median wall time of `zstd -dc --long=31 > /dev/null` and of
# `ingestbench -mode open` (package ingest, one file, no tokenizing), and the
# Reader's throughput as a percentage of the zstd CLI's.
set -euo pipefail
cd "$(dirname "$0")/.."
file=${1:-../shared/corpus/games/lichess-jishanshaikh4-37k.pgn.zst}
runs=${2:-5}
command -v zstd >/dev/null || { echo "zstd command not found" >&2; exit 1; }
bin=$(mktemp -d)/ingestbench
go build -o "$bin" ./ingest/internal/cmd/ingestbench
cat "$file" >/dev/null # page cache

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
timeit() { # prints seconds of wall time for "$@"
	local s e
	s=$(date +%s.%N)
	"$@" >/dev/null
	e=$(date +%s.%N)
	echo "$e - $s" | bc -l
}
zt=$(for i in $(seq "$runs"); do timeit sh -c "zstd -dc -q --long=31 '$file' > /dev/null"; done | median)
it=$(for i in $(seq "$runs"); do timeit "$bin" -mode open "$file"; done | median)
bytes=$(zstd -dc -q --long=31 "$file" | wc -c)
printf 'file: %s (%d bytes decompressed), %d runs, load: %s\n' "$file" "$bytes" "$runs" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf 'zstd -dc --long=31:       %.3f s  %7.1f MB/s\n' "$zt" "$(echo "$bytes / $zt / 1000000" | bc -l)"
printf 'ingest Reader (Open+Next): %.3f s  %7.1f MB/s\n' "$it" "$(echo "$bytes / $it / 1000000" | bc -l)"
printf 'Reader / zstd CLI:        %.0f %%\n' "$(echo "100 * $zt / $it" | bc -l)"
rm -rf "$(dirname "$bin")"
