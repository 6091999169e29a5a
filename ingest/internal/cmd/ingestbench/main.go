// Command ingestbench runs one ingest stage over a file in one goroutine, for
// profiling and instruction counting (e.g. under valgrind --tool=cachegrind,
// which measures work independently of the machine's load).
//
//	ingestbench -mode split|parse|splitparse|zstd|cat [-n 3] file
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/arbiter-chess/arbiter/ingest"
	"github.com/klauspost/compress/zstd"
)

func main() {
	mode := flag.String("mode", "splitparse", "split, parse, splitparse (over the file's bytes in memory), zstd (plain klauspost decode of the file's bytes), open (ingest.Open on the path: read, decompress and split)")
	n := flag.Int("n", 1, "repetitions")
	conc := flag.Int("conc", 0, "open: Options.DecoderConcurrency (0: the default)")
	noRA := flag.Bool("noreadahead", false, "open: Options.NoReadAhead")
	flag.Parse()
	path := flag.Arg(0)
	if *mode == "open" {
		start := time.Now()
		var total int64
		for i := 0; i < *n; i++ {
			r, err := ingest.Open(ingest.Input{Name: path}, ingest.Options{DecoderConcurrency: *conc, NoReadAhead: *noRA})
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			for {
				b, err := r.Next()
				if err != nil {
					if !errors.Is(err, io.EOF) {
						fmt.Fprintln(os.Stderr, err)
					}
					break
				}
				b.Release()
			}
			r.Close()
			total += r.Stats().Bytes
		}
		el := time.Since(start)
		fmt.Printf("open: %d bytes in %.3fs = %.1f MB/s\n", total, el.Seconds(), float64(total)/el.Seconds()/1e6)
		return
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	var games []ingest.RawGame
	if *mode == "parse" {
		r := ingest.NewReader(bytes.NewReader(raw), path, ingest.Options{Kind: ingest.KindPGN})
		for {
			b, err := r.Next()
			if err != nil {
				break
			}
			games = append(games, b.Games...)
		}
	}
	var g ingest.Game
	var total int64
	start := time.Now()
	for i := 0; i < *n; i++ {
		switch *mode {
		case "split", "splitparse":
			r := ingest.NewReader(bytes.NewReader(raw), path, ingest.Options{Kind: ingest.KindPGN})
			for {
				b, err := r.Next()
				if err != nil {
					if !errors.Is(err, io.EOF) {
						fmt.Fprintln(os.Stderr, err)
					}
					break
				}
				if *mode == "splitparse" {
					for _, rg := range b.Games {
						ingest.ParseGame(rg, b.File, ingest.ParseOptions{MainLineOnly: true}, &g)
					}
				}
				b.Release()
			}
			total += r.Stats().Bytes
		case "parse":
			for _, rg := range games {
				ingest.ParseGame(rg, path, ingest.ParseOptions{MainLineOnly: true}, &g)
			}
			total += int64(len(raw))
		case "zstd":
			d, err := zstd.NewReader(bytes.NewReader(raw), zstd.WithDecoderMaxWindow(ingest.MaxZstdWindow), zstd.WithDecoderConcurrency(1))
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(1)
			}
			m, err := io.Copy(io.Discard, d)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
			}
			d.Close()
			total += m
		}
	}
	el := time.Since(start)
	fmt.Printf("%s: %d bytes in %.3fs = %.1f MB/s\n", *mode, total, el.Seconds(), float64(total)/el.Seconds()/1e6)
}
