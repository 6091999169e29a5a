package audit

import (
	"fmt"
	"io"
	"log/slog"
	"math"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/arbiter-chess/arbiter/ingest"
)

// progress counts what the run has done, for a bar or periodic log lines.
// The share done is over the inputs' bytes as stored (compressed bytes for
// compressed files: what the disk holds and what the total is known in);
// the speed is over the PGN read (decompressed bytes), which is what the
// work grows with.
type progress struct {
	total    int64 // stored bytes of all inputs; -1 when unknown (stdin)
	done     atomic.Int64
	cur      atomic.Pointer[ingest.Reader]
	pgn      atomic.Int64 // decompressed bytes handed to the workers
	games    atomic.Int64
	findings atomic.Int64

	// The pace, smoothed (only the goroutine that shows progress uses it).
	lastAt    time.Duration
	lastBytes int64
	rate      float64 // stored bytes per second, exponentially smoothed
}

func (p *progress) setReader(r *ingest.Reader) { p.cur.Store(r) }

func (p *progress) finishReader(r *ingest.Reader) {
	p.done.Add(r.CompressedBytesRead())
	p.cur.Store(nil)
}

// file returns the name of the input being read, or "".
func (p *progress) file() string {
	if r := p.cur.Load(); r != nil {
		return r.Name()
	}
	return ""
}

func (p *progress) bytes() int64 {
	n := p.done.Load()
	if r := p.cur.Load(); r != nil {
		n += r.CompressedBytesRead()
	}
	return n
}

// rateHalfLife is how fast the smoothed pace follows a change of speed: a
// new input that reads twice as fast moves the estimate over some tens of
// seconds instead of at once.
const rateHalfLife = 20 * time.Second

// sample updates the smoothed pace with the bytes read by elapsed.
func (p *progress) sample(elapsed time.Duration, read int64) {
	dt := (elapsed - p.lastAt).Seconds()
	if dt <= 0 {
		return
	}
	inst := float64(read-p.lastBytes) / dt
	if p.lastAt == 0 {
		p.rate = inst
	} else {
		w := 1 - math.Exp2(-dt/rateHalfLife.Seconds())
		p.rate += w * (inst - p.rate)
	}
	p.lastAt, p.lastBytes = elapsed, read
}

// eta is the time left at the smoothed pace, or -1 when it is not known.
func (p *progress) eta(read int64) time.Duration {
	if p.total <= 0 || p.rate <= 0 {
		return -1
	}
	left := float64(max(p.total-read, 0)) / p.rate
	return time.Duration(left * float64(time.Second)).Round(time.Second)
}

// logFields returns the fields of a progress log line, elapsed into the
// run: the input being read, bytes read of the total as stored, PGN MB/s
// (decompressed), games and findings so far, and, when the total is
// known, the percentage read and the time left at the smoothed pace.
func (p *progress) logFields(elapsed time.Duration) []any {
	read, games := p.bytes(), p.games.Load()
	p.sample(elapsed, read)
	secs := max(elapsed.Seconds(), 1e-9)
	f := []any{"file", filepath.Base(p.file()), "bytes_read", read, "bytes_total", p.total,
		"pgn_mb_per_s", math.Round(10*float64(p.pgn.Load())/1e6/secs) / 10,
		"games", games, "games_per_s", int64(float64(games) / secs), "findings", p.findings.Load()}
	if p.total > 0 {
		f = append(f, "percent", math.Round(1000*float64(read)/float64(p.total))/10)
		if eta := p.eta(read); eta >= 0 {
			f = append(f, "eta", eta.String())
		}
	}
	return f
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
			progressbar.OptionSetWidth(25),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionShowElapsedTimeOnFinish(),
			progressbar.OptionSetPredictTime(false),
			progressbar.OptionSetDescription("auditing"),
		)
		go func() {
			defer wg.Done()
			t := time.NewTicker(500 * time.Millisecond)
			defer t.Stop()
			for {
				select {
				case <-stop:
					_ = pb.Set64(p.bytes())
					_ = pb.Finish()
					fmt.Fprintln(w)
					return
				case <-t.C:
					_ = pb.Set64(p.bytes())
					pb.Describe(p.barText(time.Since(begin)))
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

// barText is the description beside the bar: the current file, the bytes
// read as stored, the speed in PGN read, games and findings, and the time
// left.
func (p *progress) barText(elapsed time.Duration) string {
	read := p.bytes()
	p.sample(elapsed, read)
	secs := max(elapsed.Seconds(), 1e-9)
	s := filepath.Base(p.file()) + ": "
	if p.total > 0 {
		s += fmt.Sprintf("%.0f of %.0f MB read, ", float64(read)/1e6, float64(p.total)/1e6)
	}
	s += fmt.Sprintf("%.1f MB/s of PGN, %d games, %d findings",
		float64(p.pgn.Load())/1e6/secs, p.games.Load(), p.findings.Load())
	if eta := p.eta(read); eta >= 0 {
		s += fmt.Sprintf(", %s left", eta)
	}
	return s
}
