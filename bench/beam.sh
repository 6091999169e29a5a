#!/usr/bin/env bash
# Measures arbiter-beam on prism (in this process, every unit on this
# machine) against arbiter audit on the same input: CPU seconds, wall time
# and peak RSS of each, and the CPU overhead of the Beam pipeline (plan,
# units, commit, prism). Both runs write every table and must report the
# same games, plies and findings.
# Run by hand, never in CI:  [REPEAT=3] [BLOCK=64MB] bash bench/beam.sh [MB]
# Needs ../shared/corpus, zstd, GNU time. The machine may be shared: the
# load is printed before and after, and the ratios are medians of rounds.
set -euo pipefail
cd "$(dirname "$0")/.."
mb=${1:-200}
block=${BLOCK:-64MB}
work=${BENCH_DIR:-/tmp/arbiter-bench}
mkdir -p "$work"
corpus=../shared/corpus/games
[ -x /usr/bin/time ] || { echo "GNU time is needed (apt-get install time)"; exit 2; }
command -v jq >/dev/null || { echo "jq is needed"; exit 2; }

in="$work/lichess-$mb.pgn"
if [ ! -s "$in" ]; then
  # Lichess's standard games (no other variant, no FEN), repeated up to MB.
  zstd -dc --long=31 "$corpus/lichess-jishanshaikh4-37k.pgn.zst" | awk '
    /^\[Event /{ if (g != "" && keep) printf "%s", g; g=""; keep=1 }
    /^\[Variant / && $0 !~ /"Standard"/ { keep=0 }
    /^\[FEN / { keep=0 }
    { g = g $0 "\n" }
    END { if (g != "" && keep) printf "%s", g }' > "$work/one.pgn"
  : > "$in"
  while [ "$(stat -c %s "$in")" -lt $((mb * 1000000)) ]; do cat "$work/one.pgn" >> "$in"; done
fi
bytes=$(stat -c %s "$in")
go build -o "$work/arbiter" ./cmd/arbiter
(cd cmd/arbiter-beam && go build -o "$work/arbiter-beam" .)
echo "input: $in, $bytes bytes; block size $block; $(nproc) cores; load before: $(cut -d' ' -f1-3 /proc/loadavg)"

labels=("arbiter audit" "arbiter-beam --runner=prism" "arbiter plan (part of the above)")
cmd() {
  rm -rf "$work/out-$1"
  case $1 in
  0) "$work/arbiter" audit -progress never -o "$work/out-0" "$in" ;;
  1) "$work/arbiter-beam" --runner=prism -block-size "$block" -o "$work/out-1" "$in" ;;
  2) "$work/arbiter" plan -block-size "$block" -o "$work/out-2" "$in" ;;
  esac
}
best=("" "" "") cpu_ratio=() wall_ratio=()
for _ in $(seq "${REPEAT:-3}"); do
  cpus=() walls=()
  for i in 0 1 2; do
    /usr/bin/time -o "$work/time.txt" -f "%e %M %U %S" bash -c "$(declare -f cmd); in='$in' work='$work' block='$block' cmd $i" >/dev/null 2>"$work/err-$i.log" ||
      { echo "${labels[$i]} failed:"; tail -5 "$work/err-$i.log"; exit 1; }
    read -r wall rss usr sys < <(tail -1 "$work/time.txt")
    walls+=("$wall") cpus+=("$(echo "$usr + $sys" | bc -l)")
    if [ -z "${best[$i]}" ] || [ "$(echo "$wall < ${best[$i]%% *}" | bc -l)" = 1 ]; then best[$i]="$wall $rss $usr $sys"; fi
  done
  cpu_ratio+=("$(echo "${cpus[1]} / ${cpus[0]}" | bc -l)")
  wall_ratio+=("$(echo "${walls[1]} / ${walls[0]}" | bc -l)")
done
for i in 0 1; do
  s="$work/out-$i/summary.json"
  printf '%s: games %s, plies %s, findings %s\n' "${labels[$i]}" "$(jq .games "$s")" "$(jq .plies "$s")" "$(jq .findings "$s")"
done
if [ "$(jq -c '[.games,.plies,.findings,.findings_by_kind]' "$work/out-0/summary.json")" != "$(jq -c '[.games,.plies,.findings,.findings_by_kind]' "$work/out-1/summary.json")" ]; then
  echo "the two runs' summaries differ"; exit 1
fi
median() { printf "%s\n" "$@" | sort -g | awk '{v[NR]=$1} END{print (NR%2 ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2)}'; }
for i in 0 1 2; do
  read -r wall rss usr sys <<< "${best[$i]}"
  printf "%-36s wall %7.2fs  %7.1f MB/s  cpu %7.2fs (%5.1f MB per cpu-s)  peak RSS %6.0f MiB\n" "${labels[$i]}" "$wall" \
    "$(echo "$bytes / $wall / 1000000" | bc -l)" "$(echo "$usr + $sys" | bc -l)" \
    "$(echo "$bytes / ($usr + $sys) / 1000000" | bc -l)" "$(echo "$rss / 1024" | bc -l)"
done
grep -o 'units audited: [0-9]*' "$work/err-1.log" | tail -1 || true
printf "arbiter-beam / arbiter audit (median of %d rounds): cpu %.3fx (overhead %+.1f %%), wall %.3fx\n" "${REPEAT:-3}" \
  "$(median "${cpu_ratio[@]}")" "$(echo "($(median "${cpu_ratio[@]}") - 1) * 100" | bc -l)" "$(median "${wall_ratio[@]}")"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
