package audit

import (
	"fmt"
	"io"
	"log/slog"
	"math"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/arbiter-chess/arbiter/ingest"
)

// progress counts what the run has done, for a bar or periodic log lines.
type progress struct {
	total    int64 // compressed bytes of all inputs; -1 when unknown (stdin)
	done     atomic.Int64
	cur      atomic.Pointer[ingest.Reader]
	games    atomic.Int64
	findings atomic.Int64
}

func (p *progress) setReader(r *ingest.Reader) { p.cur.Store(r) }

func (p *progress) finishReader(r *ingest.Reader) {
	p.done.Add(r.CompressedBytesRead())
	p.cur.Store(nil)
}

// logFields returns the fields of a progress log line, elapsed into the
// run: bytes read of the total, games and findings so far, and, when the
// total is known, the percentage read and the time left at the pace so far.
func (p *progress) logFields(elapsed time.Duration) []any {
	read, games := p.bytes(), p.games.Load()
	f := []any{"bytes_read", read, "bytes_total", p.total, "games", games,
		"games_per_s", int64(float64(games) / max(elapsed.Seconds(), 1e-9)), "findings", p.findings.Load()}
	if p.total > 0 && read > 0 {
		left := time.Duration(float64(elapsed) * float64(max(p.total-read, 0)) / float64(read))
		f = append(f, "percent", math.Round(1000*float64(read)/float64(p.total))/10, "eta", left.Round(time.Second).String())
	}
	return f
}

func (p *progress) bytes() int64 {
	n := p.done.Load()
	if r := p.cur.Load(); r != nil {
		n += r.CompressedBytesRead()
	}
	return n
}

// start shows progress as the mode says and returns a function that stops
// it: a bar on a terminal, otherwise a log line every 10 seconds.
func (p *progress) start(mode string, w io.Writer, log *slog.Logger) func() {
	if mode == "never" {
		return func() {}
	}
	bar := mode == "always"
	if mode == "" || mode == "auto" {
		f, ok := w.(*os.File)
		bar = ok && term.IsTerminal(int(f.Fd()))
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	begin := time.Now()
	if bar {
		max := p.total
		if max <= 0 {
			max = -1
		}
		pb := progressbar.NewOptions64(max,
			progressbar.OptionSetWriter(w),
			progressbar.OptionShowBytes(true),
			progressbar.OptionSetWidth(30),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionShowElapsedTimeOnFinish(),
			progressbar.OptionSetDescription("auditing"),
		)
		go func() {
			defer wg.Done()
			t := time.NewTicker(200 * time.Millisecond)
			defer t.Stop()
			for {
				select {
				case <-stop:
					_ = pb.Set64(p.bytes())
					_ = pb.Finish()
					fmt.Fprintln(w)
					return
				case <-t.C:
					secs := time.Since(begin).Seconds()
					pb.Describe(fmt.Sprintf("%d games (%.0f/s), %d findings", p.games.Load(), float64(p.games.Load())/secs, p.findings.Load()))
					_ = pb.Set64(p.bytes())
				}
			}
		}()
	} else {
		go func() {
			defer wg.Done()
			t := time.NewTicker(10 * time.Second)
			defer t.Stop()
			for {
				select {
				case <-stop:
					return
				case <-t.C:
					log.Info("progress", p.logFields(time.Since(begin))...)
				}
			}
		}()
	}
	return func() { close(stop); wg.Wait() }
}
