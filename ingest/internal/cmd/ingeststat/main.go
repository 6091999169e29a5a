// Command ingeststat reads inputs with package ingest, tokenizes every game
// on all cores and prints per-file statistics, throughput and peak RSS. It
// is a measuring tool for ingest's benchmarks, not part of the product.
//
//	go run ./ingest/internal/cmd/ingeststat [-workers N] [-mainline] [-split-only] [-dump] paths...
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/arbiter-chess/arbiter/ingest"
)

func main() {
	workers := flag.Int("workers", runtime.GOMAXPROCS(0), "tokenizing goroutines")
	mainline := flag.Bool("mainline", true, "skip variations")
	splitOnly := flag.Bool("split-only", false, "only split (and decompress), do not tokenize")
	catOnly := flag.Bool("cat", false, "only decompress through the Reader's stream (no splitting)")
	flag.Parse()
	ins, errs := ingest.Expand(flag.Args())
	for _, e := range errs {
		fmt.Fprintln(os.Stderr, e)
	}
	start := time.Now()
	var total, totalGames, moves int64
	for _, in := range ins {
		r, err := ingest.Open(in, ingest.Options{})
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			continue
		}
		if *catOnly {
			n := drain(r)
			total += n
			r.Close()
			continue
		}
		blocks := make(chan *ingest.Block, 4)
		var wg sync.WaitGroup
		var mu sync.Mutex
		var nMoves, nErr int64
		for w := 0; w < *workers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var g ingest.Game
				var m, e int64
				for b := range blocks {
					if !*splitOnly {
						for _, raw := range b.Games {
							if ingest.ParseGame(raw, b.File, ingest.ParseOptions{MainLineOnly: *mainline}, &g) != nil {
								e++
							}
							m += int64(len(g.Moves))
						}
					}
					b.Release()
				}
				mu.Lock()
				nMoves += m
				nErr += e
				mu.Unlock()
			}()
		}
		var rerr error
		for {
			b, err := r.Next()
			if err != nil {
				if !errors.Is(err, io.EOF) {
					rerr = err
				}
				break
			}
			blocks <- b
		}
		close(blocks)
		wg.Wait()
		r.Close()
		st := r.Stats()
		total += st.Bytes
		totalGames += int64(st.Games)
		moves += nMoves
		fmt.Printf("%-60s %-5s %-9s bytes=%d games=%d skipped=%d garbage=%d positions=%d moves=%d gameErrors=%d accounted=%v",
			in.Name, st.Compression, st.Kind, st.Bytes, st.Games, st.SkippedGames, st.GarbageRanges, st.Positions, nMoves, nErr,
			st.Bytes == st.GameBytes+st.PositionBytes+st.SkippedBytes+st.GarbageBytes+st.IgnoredBytes)
		if rerr != nil {
			fmt.Printf(" error=%v", rerr)
		}
		fmt.Println()
	}
	el := time.Since(start)
	fmt.Printf("total: %d bytes, %d games, %d moves in %.2fs = %.1f MB/s; peak RSS %s\n",
		total, totalGames, moves, el.Seconds(), float64(total)/el.Seconds()/1e6, peakRSS())
}

// drain reads the decompressed stream through the Reader's splitting
// machinery with the largest blocks, counting bytes.
func drain(r *ingest.Reader) int64 {
	for {
		_, err := r.Next()
		if err != nil {
			break
		}
	}
	return r.Stats().Bytes
}

func peakRSS() string {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "?"
	}
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "VmHWM:") {
			return strings.TrimSpace(strings.TrimPrefix(l, "VmHWM:"))
		}
	}
	_ = bytes.MinRead
	return "?"
}
