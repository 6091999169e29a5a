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

# The four commands run in rounds (each round runs each once, in turn), so
# that the machine's drift over minutes falls on all of them alike; the
# table shows each command's best round (wall time, with that run's peak
# RSS and CPU seconds), and the ratios are the medians of the per-round
# ratios. REPEAT sets the rounds (default 3).
out="$work/out"
labels=("pgn-extract -r -s (baseline)" "arbiter -tables games,findings -jobs 1" "arbiter -tables games,findings -jobs 2" "arbiter all tables -jobs 2")
cmd() {
  case $1 in
  0) /usr/games/pgn-extract -r -s "$in" ;;
  1) "$work/arbiter" audit -progress never -o "$out" -tables games,findings -jobs 1 "$in" ;;
  2) "$work/arbiter" audit -progress never -o "$out" -tables games,findings -jobs 2 "$in" ;;
  3) "$work/arbiter" audit -progress never -o "$out" -jobs 2 "$in" ;;
  esac
}
best=("" "" "" "")
r_gf=() r_all=() r_jobs=()
for _ in $(seq "${REPEAT:-3}"); do
  walls=()
  for i in 0 1 2 3; do
    /usr/bin/time -o "$work/time.txt" -f "%e %M %U %S" bash -c "$(declare -f cmd); in='$in' work='$work' out='$out' cmd $i" >/dev/null 2>"$work/err.log" || true
    line=$(tail -1 "$work/time.txt")
    walls+=("${line%% *}")
    if [ -z "${best[$i]}" ] || [ "$(echo "${line%% *} < ${best[$i]%% *}" | bc -l)" = 1 ]; then best[$i]=$line; fi
  done
  r_gf+=("$(echo "${walls[0]} / ${walls[2]}" | bc -l)")
  r_all+=("$(echo "${walls[0]} / ${walls[3]}" | bc -l)")
  r_jobs+=("$(echo "${walls[1]} / ${walls[2]}" | bc -l)")
done
median() { printf "%s\n" "$@" | sort -g | awk '{v[NR]=$1} END{print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }
for i in 0 1 2 3; do
  read -r wall rss usr sys <<< "${best[$i]}"
  printf "%-44s wall %7.2fs  %8.1f MB/s  %9.0f games/s  cpu %6.2fs (%5.1f MB per cpu-s)  peak RSS %6.0f MiB\n" "${labels[$i]}" "$wall" \
    "$(echo "$bytes / $wall / 1000000" | bc -l)" "$(echo "$games / $wall" | bc -l)" "$(echo "$usr + $sys" | bc -l)" \
    "$(echo "$bytes / ($usr + $sys) / 1000000" | bc -l)" "$(echo "$rss / 1024" | bc -l)"
done
j2=${best[2]%% *}
plies=$(grep -o '"plies": [0-9]*' "$out/summary.json" | head -1 | grep -o '[0-9]*')
echo "plies replayed: $plies ($(echo "$plies / $j2" | bc) plies/s with -jobs 2, games+findings, best round)"
printf "ratios (median of %d rounds): games,findings -jobs 2 vs pgn-extract: %.2fx; all tables vs pgn-extract: %.2fx; -jobs 2 vs -jobs 1: %.2fx\n" \
  "${REPEAT:-3}" "$(median "${r_gf[@]}")" "$(median "${r_all[@]}")" "$(median "${r_jobs[@]}")"
