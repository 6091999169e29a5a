#!/usr/bin/env bash
# Compare the ingest Reader (read + zstd decode + split into blocks) with the
# zstd command line decoder and with a plain klauspost decode, on one file.
#
#   bench/ingest-zstd.sh [file.pgn.zst] [runs]
#
# Every tool is measured the same way: the whole process (start, reading
# the file from the page cache, decoding; output to /dev/null), wall clock
# with nanosecond resolution, best of N runs. The tools take turns within
# each round, so that load from other work on a shared machine falls on all
# of them alike; the best run is the best estimate of the uncontended
# speed. The median and the CPU time (user+system) of the best run are
# printed too. The Reader decodes in its own goroutine ahead of the
# splitter, so its CPU time can exceed its wall time.
set -euo pipefail
cd "$(dirname "$0")/.."
file=${1:-../shared/corpus/games/lichess-jishanshaikh4-37k.pgn.zst}
runs=${2:-9}
command -v zstd >/dev/null || { echo "zstd command not found" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time not found" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/ingestbench" ./ingest/internal/cmd/ingestbench
cat "$file" >/dev/null # page cache

# once NAME CMD...: one timed run, appends "wall_s cpu_s" to $tmp/NAME
once() {
	local name=$1
	shift
	local t0 t1
	t0=$(date +%s%N)
	/usr/bin/time -f "%U %S" -o "$tmp/t" "$@" >/dev/null 2>"$tmp/err" || {
		cat "$tmp/err" >&2
		exit 1
	}
	t1=$(date +%s%N)
	echo "$(((t1 - t0) / 1000)) $(awk '{print $1+$2}' "$tmp/t")" >>"$tmp/$name"
}
for _ in $(seq "$runs"); do
	once zstd zstd -dc -q --long=31 "$file"
	once klaus "$tmp/ingestbench" -mode zstd "$file"
	once reader "$tmp/ingestbench" -mode open "$file"
done
# best NAME: "wall_s cpu_s median_wall_s" (cpu of the best run)
best() {
	sort -n "$tmp/$1" | awk '{w[NR]=$1; c[NR]=$2} END {printf "%.4f %.3f %.4f\n", w[1]/1e6, c[1], w[int((NR+1)/2)]/1e6}'
}
bytes=$(zstd -dc -q --long=31 "$file" | wc -c)
read -r zw zc zm <<<"$(best zstd)"
read -r kw kc km <<<"$(best klaus)"
read -r iw ic im <<<"$(best reader)"
mb() { echo "$bytes / $1 / 1000000" | bc -l; }
printf 'file: %s (%d bytes decompressed), best of %d runs, load before: %s\n' "$file" "$bytes" "$runs" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-34s %8s %8s %10s %7s\n' tool "best s" "MB/s" "median s" "cpu s"
for t in "zstd -dc --long=31|$zw|$zc|$zm" "klauspost decode (ingestbench)|$kw|$kc|$km" "ingest Reader: decode+split|$iw|$ic|$im"; do
	IFS='|' read -r name w c m <<<"$t"
	printf '%-34s %8.4f %8.1f %10.4f %7.3f\n' "$name" "$w" "$(mb "$w")" "$m" "$c"
done
printf 'Reader / zstd CLI: %.0f %% (best wall), %.0f %% (median wall)\n' "$(echo "100 * $zw / $iw" | bc -l)" "$(echo "100 * $zm / $im" | bc -l)"
printf 'Reader / klauspost: %.0f %% (best wall)\n' "$(echo "100 * $kw / $iw" | bc -l)"
