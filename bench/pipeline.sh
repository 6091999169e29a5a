#!/usr/bin/env bash
# Measures `arbiter audit` against pgn-extract on the same input in the same
# run (the machine is shared: compare ratios, not absolute numbers).
# Run by hand, never in CI:  [REPEAT=3] bash bench/pipeline.sh [lichess|tcec] [MB]
# Needs ../shared/corpus, zstd, GNU time; installs pgn-extract if missing.
set -euo pipefail
cd "$(dirname "$0")/.."
which=${1:-lichess}
mb=${2:-100}
work=${BENCH_DIR:-/tmp/arbiter-bench}
mkdir -p "$work"
corpus=../shared/corpus/games
[ -x /usr/games/pgn-extract ] || { apt-get update -qq && apt-get install -y -qq pgn-extract >/dev/null; }
command -v /usr/bin/time >/dev/null || { apt-get update -qq && apt-get install -y -qq time >/dev/null; }

in="$work/$which.pgn"
if [ ! -s "$in" ]; then
  case "$which" in
  lichess)
    # The standard games (no Variant other than Standard, no FEN), repeated.
    zstd -dc --long=31 "$corpus/lichess-jishanshaikh4-37k.pgn.zst" | awk '
      /^\[Event /{ if (g != "" && keep) printf "%s", g; g=""; keep=1 }
      /^\[Variant / && $0 !~ /"Standard"/ { keep=0 }
      /^\[FEN / { keep=0 }
      { g = g $0 "\n" }
      END { if (g != "" && keep) printf "%s", g }' > "$work/one.pgn" ;;
  tcec)
    zstd -dc --long=31 "$corpus/tcec-seasons-1-14.pgn.zst" > "$work/one.pgn" ;;
  *) echo "unknown input $which"; exit 2 ;;
  esac
  : > "$in"
  while [ "$(stat -c %s "$in")" -lt $((mb * 1000000)) ]; do cat "$work/one.pgn" >> "$in"; done
fi
bytes=$(stat -c %s "$in")
games=$(grep -c '^\[Event ' "$in" || true)
go build -o "$work/arbiter" ./cmd/arbiter
echo "input: $in, $bytes bytes, $games games; $(nproc) cores; load: $(cut -d' ' -f1-3 /proc/loadavg)"

# run LABEL COMMAND...: best wall time of $REPEAT runs (default 3; the
# machine is shared), with that run's peak RSS and CPU seconds.
run() {
  local label=$1; shift
  local best="" line
  for _ in $(seq "${REPEAT:-3}"); do
    /usr/bin/time -o "$work/time.txt" -f "%e %M %U %S" "$@" >/dev/null 2>"$work/err.log" || true
    line=$(tail -1 "$work/time.txt")
    if [ -z "$best" ] || [ "$(echo "${line%% *} < ${best%% *}" | bc -l)" = 1 ]; then best=$line; fi
  done
  read -r wall rss usr sys <<< "$best"
  printf "%-44s wall %7.2fs  %8.1f MB/s  %9.0f games/s  cpu %6.2fs (%5.1f MB per cpu-s)  peak RSS %6.0f MiB\n" "$label" "$wall" \
    "$(echo "$bytes / $wall / 1000000" | bc -l)" "$(echo "$games / $wall" | bc -l)" "$(echo "$usr + $sys" | bc -l)" \
    "$(echo "$bytes / ($usr + $sys) / 1000000" | bc -l)" "$(echo "$rss / 1024" | bc -l)"
  echo "$wall" > "$work/last"
}
out="$work/out"
run "pgn-extract -r -s (baseline)" /usr/games/pgn-extract -r -s "$in"; base=$(cat "$work/last")
run "arbiter -tables games,findings -jobs 1" "$work/arbiter" audit -progress never -o "$out" -tables games,findings -jobs 1 "$in"; j1=$(cat "$work/last")
run "arbiter -tables games,findings -jobs 2" "$work/arbiter" audit -progress never -o "$out" -tables games,findings -jobs 2 "$in"; j2=$(cat "$work/last")
run "arbiter all tables -jobs 2" "$work/arbiter" audit -progress never -o "$out" -jobs 2 "$in"; all=$(cat "$work/last")
plies=$(grep -o '"plies": [0-9]*' "$out/summary.json" | head -1 | grep -o '[0-9]*')
echo "plies replayed: $plies ($(echo "$plies / $j2" | bc) plies/s with -jobs 2, games+findings)"
printf "ratios (same run): games,findings -jobs 2 vs pgn-extract: %.2fx; all tables vs pgn-extract: %.2fx; -jobs 2 vs -jobs 1: %.2fx\n" \
  "$(echo "$base / $j2" | bc -l)" "$(echo "$base / $all" | bc -l)" "$(echo "$j1 / $j2" | bc -l)"
