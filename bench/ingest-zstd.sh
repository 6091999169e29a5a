#!/usr/bin/env bash
# Compare the ingest Reader (read + zstd decode + split into blocks) with the
# zstd command line decoder and with a plain klauspost decode, on one file.
#
#   bench/ingest-zstd.sh [file.pgn.zst] [runs]
#
# For each tool it prints the median wall time and the median CPU time
# (user+system; steadier than wall time on a shared machine), and the
# Reader's throughput as a percentage of the zstd CLI's. The Reader decodes
# in its own goroutine ahead of the splitter, so its CPU time can exceed
# its wall time.
set -euo pipefail
cd "$(dirname "$0")/.."
file=${1:-../shared/corpus/games/lichess-jishanshaikh4-37k.pgn.zst}
runs=${2:-5}
command -v zstd >/dev/null || { echo "zstd command not found" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "/usr/bin/time not found" >&2; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/ingestbench" ./ingest/internal/cmd/ingestbench
cat "$file" >/dev/null # page cache

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
# measure NAME CMD...: runs CMD $runs times, prints "wall cpu" medians
measure() {
	local out="$tmp/times"
	: >"$out"
	for _ in $(seq "$runs"); do
		/usr/bin/time -f "%e %U %S" -o "$tmp/t" "$@" >/dev/null 2>&1
		cat "$tmp/t" >>"$out"
	done
	echo "$(awk '{print $1}' "$out" | median) $(awk '{print $2+$3}' "$out" | median)"
}
bytes=$(zstd -dc -q --long=31 "$file" | wc -c)
read -r zw zc <<<"$(measure zstd -dc -q --long=31 "$file")"
read -r kw kc <<<"$(measure "$tmp/ingestbench" -mode zstd "$file")"
read -r iw ic <<<"$(measure "$tmp/ingestbench" -mode open "$file")"
mb() { echo "$bytes / $1 / 1000000" | bc -l; }
printf 'file: %s (%d bytes decompressed), %d runs, load before: %s\n' "$file" "$bytes" "$runs" "$(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-34s %7s %9s %7s %9s\n' tool "wall s" "MB/s" "cpu s" "MB/cpu-s"
printf '%-34s %7.3f %9.1f %7.3f %9.1f\n' "zstd -dc --long=31" "$zw" "$(mb "$zw")" "$zc" "$(mb "$zc")"
printf '%-34s %7.3f %9.1f %7.3f %9.1f\n' "klauspost decode (ingestbench)" "$kw" "$(mb "$kw")" "$kc" "$(mb "$kc")"
printf '%-34s %7.3f %9.1f %7.3f %9.1f\n' "ingest Reader: decode+split" "$iw" "$(mb "$iw")" "$ic" "$(mb "$ic")"
printf 'Reader / zstd CLI: %.0f %% (wall), %.0f %% (cpu)\n' "$(echo "100 * $zw / $iw" | bc -l)" "$(echo "100 * $zc / $ic" | bc -l)"
