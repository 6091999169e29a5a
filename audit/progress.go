package audit

import (
	"fmt"
	"io"
	"log/slog"
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
					secs := time.Since(begin).Seconds()
					log.Info("progress", "bytes_read", p.bytes(), "bytes_total", p.total,
						"games", p.games.Load(), "games_per_s", int64(float64(p.games.Load())/secs),
						"findings", p.findings.Load())
				}
			}
		}()
	}
	return func() { close(stop); wg.Wait() }
}
