#!/usr/bin/env bash
# Reading a multi-frame zstd file (pzstd, as the Lichess dumps are) with
# every core against one decoder, on the same Lichess-style text:
#   - the frame reader alone (decode only: BenchmarkFrameReader, 1 and 2
#     goroutines);
#   - the ingest Reader (decode + cut into games: ingestbench -mode open, three
#     reads a process) on
#     the pzstd copy with -conc 2 and -conc 1, and on a single-frame zstd copy
#     (one stream, the default decoder);
#   - the whole audit (arbiter audit, all tables) on the pzstd copy with the
#     default jobs and with -jobs 1 (one decoding goroutine), and on the
#     single-frame copy.
# Wall time is the best of REPEAT rounds (the commands take turns within a
# round); CPU seconds are those of the best round.
# Run by hand, never in CI:  [REPEAT=5] bash bench/frames.sh [MB]
# Needs ../shared/corpus, zstd and pzstd (Debian's zstd package), GNU time.
set -euo pipefail
cd "$(dirname "$0")/.."
mb=${1:-200}
work=${BENCH_DIR:-/tmp/arbiter-bench}
mkdir -p "$work"
corpus=../shared/corpus/games
for c in zstd pzstd /usr/bin/time; do command -v "$c" >/dev/null || { echo "$c is needed"; exit 2; }; done

text="$work/lichess-$mb.pgn" # the input of bench/beam.sh
if [ ! -s "$text" ]; then
  # Lichess's standard games (no other variant, no FEN), repeated up to MB.
  zstd -dc --long=31 "$corpus/lichess-jishanshaikh4-37k.pgn.zst" | awk '
    /^\[Event /{ if (g != "" && keep) printf "%s", g; g=""; keep=1 }
    /^\[Variant / && $0 !~ /"Standard"/ { keep=0 }
    /^\[FEN / { keep=0 }
    { g = g $0 "\n" }
    END { if (g != "" && keep) printf "%s", g }' > "$work/one.pgn"
  : > "$text"
  while [ "$(stat -c %s "$text")" -lt $((mb * 1000000)) ]; do cat "$work/one.pgn" >> "$text"; done
fi
multi="$work/lichess-$mb.pzstd.pgn.zst"
single="$work/lichess-$mb.single.pgn.zst"
[ -s "$multi" ] || pzstd -q -3 -p 2 "$text" -o "$multi"
[ -s "$single" ] || zstd -q -3 -T1 "$text" -o "$single"
bytes=$(stat -c %s "$text")
go build -o "$work/arbiter" ./cmd/arbiter
go build -o "$work/ingestbench" ./ingest/internal/cmd/ingestbench
frames=$(zstd -lv "$multi" 2>/dev/null | awk '/# Zstandard Frames/ {print $4}')
echo "text: $bytes bytes; pzstd -3 -p 2: $(stat -c %s "$multi") bytes in ${frames:-?} frames; zstd -3: $(stat -c %s "$single") bytes, one frame"
echo "$(nproc) cores; load before: $(cut -d' ' -f1-3 /proc/loadavg)"

echo "== the frame reader alone (go test -bench FrameReader, corpus text in 8 MiB frames)"
go test ./ingest/ -run XXX -bench FrameReader -benchtime 5x -count "${REPEAT:-5}" | grep Benchmark |
  awk '{name=$1; sub(/-[0-9]+$/, "", name); for (i=2; i<NF; i++) if ($(i+1) == "best-MB/s") b=$i; else if ($(i+1) == "MB/cpu-s") c=$i;
        if (b > best[name]) best[name]=b; if (c > cpu[name]) cpu[name]=c}
       END {for (n in best) printf "%-36s best %7.0f MB/s  %7.0f MB per cpu-s\n", n, best[n], cpu[n];
            printf "frame reader, 2 goroutines / 1: %.2fx\n", best["BenchmarkFrameReader/workers=2"] / best["BenchmarkFrameReader/workers=1"]}'

labels=("read pzstd, -conc 2" "read pzstd, -conc 1" "read single-frame" "audit pzstd" "audit pzstd -jobs 1" "audit single-frame")
cmd() {
  case $1 in
  0) "$work/ingestbench" -mode open -n 3 -conc 2 "$multi" ;;
  1) "$work/ingestbench" -mode open -n 3 -conc 1 "$multi" ;;
  2) "$work/ingestbench" -mode open -n 3 "$single" ;;
  3) "$work/arbiter" audit -progress never -o "$work/out-f" "$multi" ;;
  4) "$work/arbiter" audit -progress never -o "$work/out-f" -jobs 1 "$multi" ;;
  5) "$work/arbiter" audit -progress never -o "$work/out-f" "$single" ;;
  esac
}
best=("" "" "" "" "" "")
for _ in $(seq "${REPEAT:-5}"); do
  for i in 0 1 2 3 4 5; do
    /usr/bin/time -o "$work/time.txt" -f "%e %M %U %S" bash -c "$(declare -f cmd); work='$work' multi='$multi' single='$single' cmd $i" >/dev/null 2>"$work/err.log" ||
      { echo "${labels[$i]} failed:"; tail -5 "$work/err.log"; exit 1; }
    line=$(tail -1 "$work/time.txt")
    if [ -z "${best[$i]}" ] || [ "$(echo "${line%% *} < ${best[$i]%% *}" | bc -l)" = 1 ]; then best[$i]=$line; fi
  done
done
echo "== the ingest Reader and the whole audit (best of ${REPEAT:-5} rounds)"
for i in 0 1 2 3 4 5; do
  read -r wall rss usr sys <<< "${best[$i]}"
  b=$bytes
  [ "$i" -lt 3 ] && b=$((3 * bytes)) # three reads a process
  printf "%-24s wall %6.2fs  %7.1f MB/s  cpu %6.2fs (%6.1f MB per cpu-s)  peak RSS %5.0f MiB\n" "${labels[$i]}" "$wall" \
    "$(echo "$b / $wall / 1000000" | bc -l)" "$(echo "$usr + $sys" | bc -l)" "$(echo "$b / ($usr + $sys) / 1000000" | bc -l)" "$(echo "$rss / 1024" | bc -l)"
done
w() { echo "${best[$1]%% *}"; }
printf "read: pzstd both cores / one decoder: %.2fx (vs -conc 1), %.2fx (vs the single-frame file)\n" \
  "$(echo "$(w 1) / $(w 0)" | bc -l)" "$(echo "$(w 2) / $(w 0)" | bc -l)"
printf "audit: pzstd / pzstd -jobs 1: %.2fx; pzstd / single-frame: %.2fx\n" "$(echo "$(w 4) / $(w 3)" | bc -l)" "$(echo "$(w 5) / $(w 3)" | bc -l)"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
