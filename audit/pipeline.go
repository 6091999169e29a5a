package audit

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"os"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/errgroup"

	"github.com/arbiter-chess/arbiter/ingest"
	"github.com/arbiter-chess/arbiter/plan"
	"github.com/arbiter-chess/arbiter/report"
	"github.com/arbiter-chess/arbiter/sheet"
	"github.com/arbiter-chess/arbiter/stats"
	"github.com/arbiter-chess/arbiter/tournament"
)

// read is one range of one source that a pipeline reads: a whole source in
// a run on one machine, a plan's unit in run-block.
type read struct {
	src plan.Source
	rg  ingest.Range
}

// SourceResult is what a run made of one source: the input's accounting,
// its counts and the part files its rows went to. It is what a manifest
// keeps of a source, so that later runs can count it without reading it.
type SourceResult struct {
	Source plan.Source         `json:"source"`
	Input  report.InputSummary `json:"input"`
	Stats  *stats.Run          `json:"stats"`
	// Parts lists the part files per table, relative to the output folder.
	Parts map[string][]PartFile `json:"parts"`
	// Events are the summaries of a TRF's event, or of the events read
	// from the games (the run's derived result, see derivedSource).
	Events []report.EventSummary `json:"events,omitempty"`
	// GameInfos and RoundMissing are what the source gives the standings
	// read from the games (games with a usable Round tag, bounded by
	// MaxStandingsGames) or the cross-check of a TRF (every game).
	GameInfos    []tournament.GameInfo `json:"game_infos,omitempty"`
	RoundMissing []RoundMissing        `json:"round_missing,omitempty"`
	// FPRuns are the source's fingerprint files (relative to the output
	// folder) and DupRows its games rows that are duplicates, with the
	// values written (see duplicates.go).
	FPRuns  []string `json:"fingerprints,omitempty"`
	DupRows []DupRow `json:"duplicates,omitempty"`
	// Sheets are the games of the source (or of each of its units) the
	// HTML report may show (see sheet.go); a manifest does not keep them.
	Sheets []*sheet.Block `json:"sheets,omitempty"`
	sheet  *sheet.Collector
}

// derivedSource is the source number of what a run derives from all its
// games (the events read from them): no input, no manifest.
const derivedSource = -1

// PartFile is one part file of a table.
type PartFile struct {
	Path      string `json:"path"` // relative to the output folder, e.g. "games/part-00000-0000000000000-000.parquet"
	Rows      int64  `json:"rows"`
	RowGroups int    `json:"row_groups"`
	Bytes     int64  `json:"bytes"`
	SHA256    string `json:"sha256"`
}

func newSourceResult(src plan.Source) *SourceResult {
	return &SourceResult{Source: src, Input: report.InputSummary{Path: src.Path}, Stats: stats.NewRun(), Parts: map[string][]PartFile{}}
}

// addParts records the parts a table writer finished for this source.
func (s *SourceResult) addParts(table string, st report.TableStats) {
	for i, p := range st.Parts {
		s.Parts[table] = append(s.Parts[table], PartFile{Path: p, Rows: st.PartRows[i], RowGroups: st.PartRowGroups[i],
			Bytes: st.PartBytes[i], SHA256: st.PartSHA256[i]})
	}
}

// pipeline reads, judges and writes a list of reads into a folder.
type pipeline struct {
	cfg      *Config
	want     [numTables]bool
	explicit bool // tables were chosen: write them even without rows
	dir      string
	log      *slog.Logger
	prog     *progress
	hash     bool // compute each regular source's SHA-256 while it is read
	infos    bool // keep a tournament.GameInfo per game (TRF cross-checks)
	// standings gates the games kept for the standings read from the games;
	// onBlock sees every block's output in input order.
	standings *StandingsGate
	onBlock   func(*Output)
	// onTRF takes a TRF the reader recognised in a pipe or standard input
	// (see events.lateTRF); lateTRF says one came.
	onTRF   func(src plan.Source, data []byte, err error)
	lateTRF atomic.Bool
	// dups collects the games' fingerprints (nil: no duplicate detection).
	dups *dupCollector
	// sheet picks the games of the HTML report (nil: no report).
	sheet *sheet.Options
	// partition writes the tables in Hive partitions by month.
	partition bool
}

// pipeOut is what a pipeline made.
type pipeOut struct {
	sources []*SourceResult // one per read, in order
	total   *stats.Run
	sinks   [numTables]*chunkSink
}

// job is one block on its way to a worker.
type job struct {
	block  *ingest.Block
	seq    int64
	read   int   // index of the read the block belongs to
	idBase int64 // game and position ids are idBase + their offset
	trf    bool  // a TRF came before the block: keep every game's GameInfo
}

// run reads every read in order: a reader goroutine cuts blocks, cfg.Jobs
// workers judge them, a collector puts them back in order and hands the
// batches to the table writers, chunk by chunk. The writers are closed
// when run returns without error; with an error, the caller aborts them
// (abortSinks).
func (p *pipeline) run(ctx context.Context, reads []read, extra func(context.Context, *pipeOut) error) (*pipeOut, error) {
	cfg := p.cfg
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	g, ctx := errgroup.WithContext(ctx)
	out := &pipeOut{total: stats.NewRun()}
	for _, rd := range reads {
		out.sources = append(out.sources, newSourceResult(rd.src))
	}

	wopt := cfg.Writer
	wopt.NoSync = wopt.NoSync || cfg.NoSync
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
	// every page before the close keeps them all in memory at once, which
	// raises the peak of a run with every table); once the input
	// is read, it waits for one: the last parts' closes are then all that
	// is left to do, and the workers are giving their CPUs back.
	var drained atomic.Bool
	wopt.Helper = cpu.helper(&drained)
	for t := range numTables {
		if !p.want[t] {
			continue
		}
		writers := 1
		if t == TableMoves || t == TableGames {
			// The moves table (one row per ply) is the dearest to encode,
			// and the games table (the movetext) the next: one goroutine
			// could not keep up with more than a few workers. Several
			// write each, chunk by chunk.
			writers = max(1, min(cfg.Jobs, 4))
		}
		// Positions only when they turn up, unless asked for; the TRF
		// tables only from TRF inputs.
		lazy := !p.explicit && t == TablePositions || isEventTable(t)
		sink := newChunkSink(p.dir, tableFor(t, cfg.FEN), wopt, writers, cpu, lazy)
		sink.partition = p.partition
		out.sinks[t] = sink
		g.Go(sink.run)
	}

	sopt := cfg.Stage
	sopt.Tables = p.want
	sopt.FEN = cfg.FEN
	sopt.GameInfos = p.infos
	sopt.Standings = p.standings
	if p.dups != nil {
		sopt.Duplicates, sopt.DupMinPlies = true, p.dups.opt.minPlies()
	}
	sopt.Sheet = p.sheet
	sopt.Partition = p.partition

	inFlight := make(chan struct{}, 2*cfg.Jobs+2) // blocks between reader and collector
	jobs := make(chan job, cfg.Jobs)
	results := make(chan *Output, cfg.Jobs)

	// Reader.
	g.Go(func() error {
		defer close(jobs)
		defer drained.Store(true)
		var seq int64
		for i, rd := range reads {
			if err := p.readOne(ctx, i, rd, out.sources[i], &seq, inFlight, jobs); err != nil {
				return err
			}
		}
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
				if j.trf {
					st.keepGameInfos()
				}
				o, err := st.Process(j.block, j.idBase)
				cpu.release()
				j.block.Release()
				if err != nil {
					return fmt.Errorf("audit: %s: %w", j.block.File, err)
				}
				o.Seq, o.Read, o.Offset = j.seq, j.read, j.block.Offset
				select {
				case results <- o:
				case <-ctx.Done():
					o.Release()
					return ctx.Err()
				}
			}
			return nil
		})
	}
	go func() { wg.Wait(); close(results) }()

	// Collector: put blocks back in order and hand the batches on, cut
	// into chunks of at most chunkBlocks blocks of one source each.
	pending := map[int64]*Output{}
	collectErr := func() error {
		var next int64
		chunk, chunkRead, chunkLen := int64(-1), -1, 0
		stem := ""
		for o := range results {
			pending[o.Seq] = o
			for {
				o, ok := pending[next]
				if !ok {
					break
				}
				delete(pending, next)
				next++
				sr := out.sources[o.Read]
				sr.Stats.Merge(o.Stats)
				out.total.Merge(o.Stats)
				sr.GameInfos = append(sr.GameInfos, o.GameInfos...)
				sr.RoundMissing = append(sr.RoundMissing, o.RoundMissing...)
				if p.onBlock != nil {
					p.onBlock(o)
				}
				if err := p.dups.collect(out, o); err != nil {
					return err
				}
				if p.sheet != nil && o.Sheet != nil {
					if sr.sheet == nil {
						sr.sheet = sheet.NewCollector(*p.sheet)
					}
					sr.sheet.Add(o.Sheet)
				}
				p.prog.games.Add(o.Games)
				p.prog.findings.Store(sumValues(out.total.BySeverity))
				if o.Read != chunkRead || chunkLen == chunkBlocks {
					chunk++
					chunkRead, chunkLen = o.Read, 0
					stem = plan.PartStem(sr.Source.ID, o.Offset)
				}
				chunkLen++
				for t, rec := range o.Records {
					if rec == nil {
						continue
					}
					if out.sinks[t] == nil {
						rec.Release()
						continue
					}
					if !p.partition {
						if err := out.sinks[t].send(ctx, chunk, stem, o.Read, "", rec); err != nil {
							return err
						}
						continue
					}
					for _, r := range partitionRuns(t, rec, o.Keys) {
						if err := out.sinks[t].send(ctx, chunk, stem, o.Read, r.key, rec.NewSlice(r.start, r.end)); err != nil {
							rec.Release()
							return err
						}
					}
					rec.Release()
				}
				<-inFlight
			}
		}
		if err := p.dups.finishRead(); err != nil {
			return err
		}
		if extra != nil {
			return extra(ctx, out)
		}
		return nil
	}()
	if collectErr != nil {
		cancel()
		for o := range results {
			o.Release()
		}
	}
	for _, o := range pending {
		o.Release()
	}
	for _, s := range out.sinks {
		if s != nil {
			s.close()
		}
	}
	werr := g.Wait()
	if collectErr != nil && werr == nil {
		werr = collectErr
	}
	if werr != nil {
		abortSinks(out)
		return nil, werr
	}
	for _, sr := range out.sources {
		if sr.sheet != nil {
			sr.Sheets = append(sr.Sheets, sr.sheet.Block())
		}
	}
	// The parts of each source, from the chunks its rows went to.
	for t, s := range out.sinks {
		if s == nil {
			continue
		}
		for _, c := range s.done {
			if c.read >= 0 {
				out.sources[c.read].addParts(TableNames[t], c.stats)
			}
		}
	}
	return out, nil
}

func abortSinks(out *pipeOut) {
	for _, s := range out.sinks {
		if s != nil {
			s.abort()
		}
	}
}

// readOne reads one range and sends its blocks to the workers.
func (p *pipeline) readOne(ctx context.Context, i int, rd read, sr *SourceResult, seq *int64,
	inFlight chan struct{}, jobs chan<- job) error {
	is := &sr.Input
	in := ingest.Input{Name: rd.src.Path, Size: rd.src.Size, Kind: kindOf(rd.src.Kind)}
	var hashed chan string
	if p.hash && rd.src.SHA256 == "" && rd.src.Size >= 0 { // never a pipe: a second open would wait or share it
		hashed = make(chan string, 1)
		go func() { hashed <- fileSHA256(in.Name) }()
	}
	defer func() {
		if hashed != nil {
			sr.Source.SHA256 = <-hashed
		}
	}()
	iopts := ingest.Options{DecoderConcurrency: min(p.cfg.Jobs, 4), BlockBytes: p.cfg.BlockBytes, // -jobs 1: one decoding goroutine too
		MaxWindow: p.cfg.MaxWindow, MaxBytes: p.cfg.MaxBytes, MaxExpansion: p.cfg.MaxExpansion}
	var r *ingest.Reader
	var err error
	if rd.rg == ingest.WholeFile {
		r, err = ingest.OpenContext(ctx, in, iopts) // gives up on a FIFO that waits when the run is stopped
	} else {
		r, err = ingest.OpenRange(in, rd.rg, iopts)
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if err != nil {
		p.inputError(is, err)
		return nil
	}
	defer r.Close()
	if rd.src.Kind == "auto" && rd.src.Size < 0 && p.onTRF != nil {
		// A pipe or standard input, which the plan could not look at:
		// a TRF is recognised from the bytes read anyway.
		data, isTRF, err := trfContent(r)
		if isTRF {
			p.onTRF(rd.src, data, err)
			p.lateTRF.Store(true)
			is.Path = "" // a TRF: the events' input
			return nil
		}
	}
	p.prog.setReader(r)
	idBase := plan.GameID(rd.src.ID, 0)
	for {
		b, err := r.Next()
		if b != nil && (len(b.Games) > 0 || len(b.Positions) > 0 || len(b.Skipped) > 0) {
			if last := b.Offset + b.Bytes; last > plan.MaxOffset {
				b.Release()
				is.Error = fmt.Sprintf("the input is larger than %d bytes decompressed: game ids cannot hold its offsets", int64(plan.MaxOffset))
				p.log.Error("input", "file", in.Name, "err", is.Error)
				break
			}
			select {
			case inFlight <- struct{}{}:
			case <-ctx.Done():
				return ctx.Err()
			}
			p.prog.pgn.Add(b.Bytes)
			select {
			case jobs <- job{block: b, seq: *seq, read: i, idBase: idBase, trf: p.lateTRF.Load()}:
			case <-ctx.Done():
				return ctx.Err()
			}
			*seq++
		}
		if err == io.EOF {
			break
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil {
			p.inputError(is, err)
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
		p.log.Warn("text between games is not PGN and was skipped", "file", in.Name, "ranges", st.GarbageRanges, "bytes", st.GarbageBytes)
	}
	for _, fe := range st.FrameErrors {
		if is.Error == "" {
			is.Error, is.ErrorCode = fe.Error(), ingest.ErrorCode(fe)
		}
		p.log.Error("input", "file", in.Name, "err", fe)
	}
	p.prog.finishReader(r)
	return nil
}

// kindOf maps a plan source's kind to the reader's.
func kindOf(k string) ingest.Kind {
	switch k {
	case "pgn":
		return ingest.KindPGN
	case "positions":
		return ingest.KindPositions
	}
	return ingest.KindAuto
}

// fileSHA256 hashes a file as stored; "" when it cannot be read.
func fileSHA256(name string) string {
	if st, err := os.Stat(name); err != nil || !st.Mode().IsRegular() {
		return "" // a FIFO's open would wait for a writer
	}
	f, err := os.Open(name)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))
}

// inputError records why an input could not be read (whole).
func (p *pipeline) inputError(is *report.InputSummary, err error) {
	is.Error, is.ErrorCode = err.Error(), ingest.ErrorCode(err)
	p.log.Error("input", "file", is.Path, "err", err, "code", is.ErrorCode)
}
