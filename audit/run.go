package audit

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/apache/arrow-go/v18/arrow"
	"golang.org/x/sync/errgroup"

	"github.com/arbiter-chess/arbiter/ingest"
	"github.com/arbiter-chess/arbiter/report"
	"github.com/arbiter-chess/arbiter/stats"
)

// Config is one audit run.
type Config struct {
	Inputs []string // files, directories, globs, "-" for standard input
	OutDir string
	// Tables selects the tables to write; all false means every table that
	// applies (positions only when there are FEN/EPD inputs).
	Tables   [numTables]bool
	FEN      bool   // add a fen column to the moves table
	Jobs     int    // worker goroutines; 0 means the number of CPUs
	FailOn   string // "error", "warning" or "never"
	Progress string // "auto", "always" or "never"
	Version  string
	Stderr   io.Writer // progress and the human summary (nil: discard)
	// Writer options for the tables (tests shrink parts and row groups).
	Writer report.WriterOptions
	// Judge options (node budgets).
	Stage StageOptions
	// BlockBytes is the size of the blocks the inputs are cut into (0: the
	// reader's default); tests shrink it to spread a small input over many
	// blocks and chunks.
	BlockBytes int
	// Limits of each input (ingest.Options): the zstd window accepted
	// (0: 2 GiB), the decompressed bytes read (0: none) and the
	// decompression ratio (0: ingest's default, 1000:1; negative: none).
	MaxWindow, MaxBytes, MaxExpansion int64
}

// Result is what a run did.
type Result struct {
	Summary  *report.Summary
	Stats    *stats.Run
	ExitCode int // 0 done, 1 findings reached FailOn, 2 an input could not be read
	// Events are the TRF inputs (tournament uploads), see trf.go.
	Events []*Event
}

// job is one block on its way to a worker.
type job struct {
	block     *ingest.Block
	seq       int64
	firstGame int64
	firstPos  int64
}

// Run audits the inputs and writes the tables and summary.json under
// cfg.OutDir. It returns an error only when the run itself failed (the
// output could not be written); unreadable inputs are reported in the
// summary and the exit code.
func Run(ctx context.Context, cfg Config) (*Result, error) {
	if cfg.Jobs <= 0 {
		cfg.Jobs = runtime.NumCPU()
	}
	if cfg.Stderr == nil {
		cfg.Stderr = io.Discard
	}
	failLevel, err := parseFailOn(cfg.FailOn)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	sum := report.NewSummary(cfg.Version)
	sum.StartedAt = start
	sum.WithFEN = cfg.FEN
	log := slog.New(slog.NewTextHandler(cfg.Stderr, &slog.HandlerOptions{Level: slog.LevelInfo}))

	inputs, errs := ingest.Expand(cfg.Inputs)
	for _, e := range errs {
		sum.Inputs = append(sum.Inputs, report.InputSummary{Path: inputName(e), Error: e.Error(), ErrorCode: ingest.ErrorCode(e)})
		sum.FailedInputs++
		log.Error("input", "err", e, "code", ingest.ErrorCode(e))
	}
	iopts := ingest.Options{DecoderConcurrency: min(cfg.Jobs, 4), BlockBytes: cfg.BlockBytes, // -jobs 1: one decoding goroutine too
		MaxWindow: cfg.MaxWindow, MaxBytes: cfg.MaxBytes, MaxExpansion: cfg.MaxExpansion}
	inputs, events := splitTRF(ctx, inputs, iopts) // TRF files, recognised by content
	explicit := cfg.Tables != [numTables]bool{}
	want := cfg.Tables
	if !explicit {
		want = [numTables]bool{true, true, true, true, true, true}
	}
	// A summary from an earlier run would describe other tables.
	if err := report.BeginRun(cfg.OutDir, true); err != nil {
		return nil, fmt.Errorf("audit: %w", err)
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	g, ctx := errgroup.WithContext(ctx)

	// Table writers: one goroutine each, fed in input order.
	wopt := cfg.Writer
	wopt.Overwrite = true
	if wopt.RowGroupBytes == 0 {
		// Each table's writer holds one row group in memory: 48 MiB each
		// keeps a run with every table well under 1 GiB.
		wopt.RowGroupBytes = 48 << 20
	}
	// -jobs bounds the CPU-heavy work of the run, judging blocks and
	// encoding Parquet, which all take a token while they compute.
	cpu := make(cpuTokens, cfg.Jobs)
	// While blocks are still coming, a table writer takes a second CPU for
	// the last pages of a row group only if one is idle at once (ending
	// every page before the close keeps them all in memory at once: some
	// 50 MiB more at the peak of a run with every table); once the input
	// is read, it waits for one: the last parts' closes are then all that
	// is left to do, and the workers are giving their CPUs back.
	var drained atomic.Bool
	wopt.Spare = func() (func(), bool, report.CPUWait) {
		if release, ok := cpu.tryAcquire(); ok {
			return release, true, nil
		}
		if drained.Load() {
			return nil, false, cpu.acquireUntil
		}
		return nil, false, nil
	}
	var tw [numTables]*tableSink
	for t := range numTables {
		if !want[t] || isEventTable(t) {
			continue
		}
		table := tableFor(t, cfg.FEN)
		lazy := t == TablePositions && !explicit // only when positions turn up
		tw[t] = newTableSink(cfg.OutDir, table, wopt, lazy, cpu)
		if t == TableMoves || t == TableGames {
			// The moves table (one row per ply) is the dearest to encode,
			// and the games table (the movetext) costs a quarter of a run
			// without moves: one goroutine could not keep up with more
			// than about four workers. Several write each, chunk by chunk.
			tw[t].chunks = newChunkSink(cfg.OutDir, table, wopt, max(1, min(cfg.Jobs, 4)), cpu)
		}
		sink := tw[t]
		g.Go(func() error { return sink.run() })
	}

	sopt := cfg.Stage
	sopt.Tables = want
	sopt.FEN = cfg.FEN
	sopt.GameInfos = events.active()
	sopt.infosFrom = &events.infosFrom

	inFlight := make(chan struct{}, 2*cfg.Jobs+2) // blocks between reader and collector
	jobs := make(chan job, cfg.Jobs)
	results := make(chan *Output, cfg.Jobs)
	var prog progress
	prog.total = totalSize(inputs)
	var inputSums = make([]report.InputSummary, len(inputs))
	var readFailures atomic.Int64

	// Reader.
	g.Go(func() error {
		defer close(jobs)
		var seq, games, positions int64
		for i, in := range inputs {
			is := &inputSums[i]
			is.Path = in.Name
			r, err := events.openInput(ctx, in, iopts, games)
			if ctx.Err() != nil {
				return ctx.Err() // interrupted while an open or a read waited
			}
			if err != nil {
				is.Error, is.ErrorCode = err.Error(), ingest.ErrorCode(err)
				readFailures.Add(1)
				log.Error("input", "file", in.Name, "err", err, "code", is.ErrorCode)
				continue
			}
			if r == nil {
				is.Path = "" // a TRF, read whole: summarized with the events
				continue
			}
			prog.setReader(r)
			for {
				b, err := r.Next()
				if b != nil && (len(b.Games) > 0 || len(b.Positions) > 0 || len(b.Skipped) > 0) {
					select {
					case inFlight <- struct{}{}:
					case <-ctx.Done():
						r.Close()
						return ctx.Err()
					}
					// Count before sending: the worker releases the block.
					nGames, nPos := int64(BlockGames(b)), int64(len(b.Positions))
					select {
					case jobs <- job{block: b, seq: seq, firstGame: games, firstPos: positions}:
					case <-ctx.Done():
						r.Close()
						return ctx.Err()
					}
					seq++
					games += nGames
					positions += nPos
				}
				if err == io.EOF {
					break
				}
				if ctx.Err() != nil {
					r.Close()
					return ctx.Err()
				}
				if err != nil {
					is.Error, is.ErrorCode = err.Error(), ingest.ErrorCode(err)
					readFailures.Add(1)
					log.Error("input", "file", in.Name, "err", err, "code", is.ErrorCode)
					break
				}
			}
			st := r.Stats()
			is.Bytes = r.CompressedBytesRead()
			is.DecompressedBytes = st.Bytes
			is.Games = int64(st.GamesSeen)
			is.Positions = int64(st.Positions)
			is.SkippedGames = int64(st.SkippedGames)
			is.GarbageBytes = st.GarbageBytes
			is.GarbageRanges = int64(st.GarbageRanges)
			if st.GarbageRanges > 0 {
				log.Warn("text between games is not PGN and was skipped", "file", in.Name, "ranges", st.GarbageRanges, "bytes", st.GarbageBytes)
			}
			prog.finishReader(r)
			r.Close()
		}
		drained.Store(true)
		return nil
	})

	// Workers. Their batches' large buffers come back, once written, for
	// the next batches.
	var wg sync.WaitGroup
	batchMem := report.NewRecycler()
	for range cfg.Jobs {
		wg.Add(1)
		g.Go(func() error {
			defer wg.Done()
			st := NewStage(sopt, batchMem)
			defer st.Close()
			for j := range jobs {
				cpu.acquire()
				out, err := st.Process(j.block, j.firstGame, j.firstPos)
				cpu.release()
				j.block.Release()
				if err != nil {
					return fmt.Errorf("audit: %s: %w", j.block.File, err)
				}
				out.Seq = j.seq
				select {
				case results <- out:
				case <-ctx.Done():
					out.Release()
					return ctx.Err()
				}
			}
			return nil
		})
	}
	go func() { wg.Wait(); close(results) }()

	// Progress.
	stopProgress := prog.start(cfg.Progress, cfg.Stderr, log)

	// Collector: put blocks back in order and hand the batches on.
	total := stats.NewRun()
	pending := map[int64]*Output{}
	collectErr := func() error {
		var next int64
		for out := range results {
			pending[out.Seq] = out
			for {
				o, ok := pending[next]
				if !ok {
					break
				}
				delete(pending, next)
				next++
				total.Merge(o.Stats)
				events.addGames(o.GameInfos)
				prog.games.Add(o.Games)
				prog.findings.Store(sumValues(total.BySeverity))
				for t, rec := range o.Records {
					if rec == nil {
						continue
					}
					if tw[t] == nil {
						rec.Release()
						continue
					}
					if err := tw[t].sendSeq(ctx, o.Seq, rec); err != nil {
						return err
					}
				}
				<-inFlight
			}
		}
		return nil
	}()
	if collectErr == nil && events.active() {
		collectErr = events.finish(ctx, cfg.OutDir, wopt, want, tw[TableFindings], total, log)
	}
	if collectErr != nil {
		cancel()
		for out := range results {
			out.Release()
		}
	}
	for _, o := range pending {
		o.Release()
	}
	for _, s := range tw {
		if s != nil {
			s.close()
		}
	}
	werr := g.Wait()
	stopProgress()
	if collectErr != nil && werr == nil {
		werr = collectErr
	}
	if werr != nil {
		for _, s := range tw {
			if s != nil {
				s.abort()
			}
		}
		if errors.Is(werr, context.Canceled) {
			return nil, fmt.Errorf("audit interrupted: %w", werr)
		}
		return nil, explainWriteError(cfg.OutDir, werr)
	}

	for t, s := range tw {
		if s == nil || s.stats == nil {
			continue
		}
		_ = t
		sum.AddTable(*s.stats)
	}
	for _, is := range inputSums {
		if is.Path != "" { // (TRFs the reader found are the events')
			sum.Inputs = append(sum.Inputs, is)
		}
	}
	sum.FailedInputs += int(readFailures.Load())
	events.summarize(sum)
	sum.Games = total.Games
	sum.Plies = total.PliesReplayed
	sum.Positions = total.Positions
	for _, k := range total.Kinds() {
		sum.FindingsByKind[k.Kind] = k.Count
		sum.Findings += k.Count
		ks := report.KindSummary{Kind: k.Kind, Severity: k.Severity, Count: k.Count, Games: k.Games}
		ks.Example.GameID, ks.Example.File, ks.Example.Line = k.Example.GameID, k.Example.File, k.Example.Line
		ks.Example.Ply, ks.Example.Message = k.Example.Ply, k.Example.Message
		sum.Kinds = append(sum.Kinds, ks)
	}
	sum.GamesAudited = total.GamesAudited
	sum.GamesWithErrors = total.GamesWithError
	sum.EndKinds = total.EndKinds
	sum.Results = total.Results
	sum.Notations = total.Notations
	for k, v := range total.BySeverity {
		sum.FindingsBySeverity[k] = v
	}
	sum.SetRates(time.Now())
	if err := report.WriteSummary(cfg.OutDir, sum); err != nil {
		return nil, explainWriteError(cfg.OutDir, err)
	}
	res := &Result{Summary: sum, Stats: total, Events: events.list}
	switch {
	case sum.FailedInputs > 0:
		res.ExitCode = 2
	case failLevel == "error" && total.BySeverity["error"] > 0,
		failLevel == "warning" && total.BySeverity["error"]+total.BySeverity["warning"] > 0:
		res.ExitCode = 1
	}
	return res, nil
}

func parseFailOn(s string) (string, error) {
	switch s {
	case "", "never":
		return "never", nil
	case "error", "warning":
		return s, nil
	}
	return "", fmt.Errorf("audit: -fail-on %q: want error, warning or never", s)
}

func inputName(err error) string {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Path
	}
	return ""
}

func totalSize(ins []ingest.Input) int64 {
	var n int64
	for _, in := range ins {
		if in.Size < 0 {
			return -1
		}
		n += in.Size
	}
	return n
}

func sumValues(m map[string]int64) int64 {
	var n int64
	for _, v := range m {
		n += v
	}
	return n
}

func tableFor(t int, withFEN bool) report.Table {
	switch t {
	case TableGames:
		return report.GamesTable()
	case TableMoves:
		return report.MovesTable(withFEN)
	case TableFindings:
		return report.FindingsTable()
	}
	return report.PositionsTable()
}

// tableSink owns one TableWriter and writes the batches it is sent.
type tableSink struct {
	root  string
	table report.Table
	opt   report.WriterOptions
	lazy  bool // create the writer only when a batch arrives
	ch    chan arrow.RecordBatch
	cpu   cpuTokens
	w     *report.TableWriter
	stats *report.TableStats
	once  sync.Once
	// chunks, when set, writes the table with several goroutines (see
	// chunkSink); the fields above are then unused.
	chunks *chunkSink
}

// sendSeq hands on the batch of block seq.
func (s *tableSink) sendSeq(ctx context.Context, seq int64, rec arrow.RecordBatch) error {
	if s.chunks != nil {
		return s.chunks.send(ctx, seq, rec)
	}
	return s.send(ctx, rec)
}

func newTableSink(root string, table report.Table, opt report.WriterOptions, lazy bool, cpu cpuTokens) *tableSink {
	return &tableSink{root: root, table: table, opt: opt, lazy: lazy, ch: make(chan arrow.RecordBatch, sinkQueue), cpu: cpu}
}

// sinkQueue is how many batches may wait for each table writer goroutine
// (tableSink, and each writer of a chunkSink). One lets the collector hand
// on a batch while the writer still encodes the previous one; more only
// keep batches alive (a block's moves batch is 5-6 MiB) without making the
// run faster, since the writers' work is bounded by the CPU tokens anyway:
// with 4, a run with every table peaked some 70 MiB higher.
const sinkQueue = 1

// cpuTokens bounds the goroutines that compute at once: a goroutine holds
// a token only while it computes, never while it waits on a channel for
// another stage, so that tokens cannot deadlock the pipeline. (A writer
// ending its last pages with a second goroutine waits for it while holding
// its token, but only once that goroutine holds a token of its own and
// computes: one still waiting for a token gives up when the first is done;
// see report.WriterOptions.Spare.)
type cpuTokens chan struct{}

func (c cpuTokens) acquire() { c <- struct{}{} }
func (c cpuTokens) release() { <-c }

// tryAcquire takes a token only if one is free at once (for work that can
// as well be done without, see report.WriterOptions.Spare).
func (c cpuTokens) tryAcquire() (release func(), ok bool) {
	select {
	case c <- struct{}{}:
		return c.release, true
	default:
		return nil, false
	}
}

// acquireUntil takes a token as soon as one is free, or gives up when done
// is closed.
func (c cpuTokens) acquireUntil(done <-chan struct{}) (release func(), ok bool) {
	select {
	case c <- struct{}{}:
		return c.release, true
	case <-done:
		return nil, false
	}
}

func (s *tableSink) send(ctx context.Context, rec arrow.RecordBatch) error {
	select {
	case s.ch <- rec:
		return nil
	case <-ctx.Done():
		rec.Release()
		return ctx.Err()
	}
}

func (s *tableSink) close() {
	if s.chunks != nil {
		s.chunks.close()
		return
	}
	s.once.Do(func() { close(s.ch) })
}

func (s *tableSink) open() error {
	if s.w != nil {
		return nil
	}
	w, err := report.NewTableWriter(s.root, s.table, s.opt)
	if err != nil {
		return fmt.Errorf("audit: table %s: %w", s.table.Name, err)
	}
	s.w = w
	return nil
}

// run writes every batch and closes the writer; it drains the channel even
// after an error so that the collector never blocks.
func (s *tableSink) run() error {
	if s.chunks != nil {
		st, err := s.chunks.run()
		s.stats = st
		return err
	}
	var err error
	if !s.lazy {
		err = s.open()
	}
	for rec := range s.ch {
		if err == nil {
			err = s.open()
		}
		if err == nil {
			s.cpu.acquire()
			err = s.w.Write(rec)
			s.cpu.release()
		}
		rec.Release()
	}
	if err != nil {
		return err
	}
	if s.w == nil {
		return nil
	}
	s.cpu.acquire()
	st, err := s.w.Close()
	s.cpu.release()
	if err != nil {
		return fmt.Errorf("audit: table %s: %w", s.table.Name, err)
	}
	s.stats = &st
	return nil
}

func (s *tableSink) abort() {
	if s.chunks != nil {
		s.chunks.abort()
		return
	}
	if s.w != nil {
		s.w.Abort()
	}
}
