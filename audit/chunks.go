package audit

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sync"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/arbiter-chess/arbiter/report"
)

// chunkBlocks is how many consecutive blocks of one source go into one
// chunk of a table at most: each chunk is written as its own part file(s),
// named after its source and first byte, so that the files sort in input
// order and a source's rows are in files of their own.
const chunkBlocks = 32

// seqRec is a batch of one chunk, or, with a nil rec, the end of the chunk
// that the writer has open.
type seqRec struct {
	chunk int64
	stem  string // the part names' stem: source and offset of the chunk
	read  int    // the read (source) the chunk belongs to
	key   string // the Hive partition of the rows ("" for none)
	rec   arrow.RecordBatch
}

// chunkDone is a finished chunk: its read and what its writer wrote.
type chunkDone struct {
	read  int
	stats report.TableStats
}

// chunkSink writes one table with one or more writer goroutines: chunk c
// goes to goroutine c mod n, and each chunk becomes its own part files.
// The files and their names depend only on the input, not on n, so a run
// gives the same tables whatever the number of workers.
//
// A writer finishes its chunk as soon as the first batch of the next chunk
// is sent (to the next writer), not when its own next chunk arrives: an
// open part holds a buffered row group with the encoders' page buffers of
// every column (tens of MiB for the games table), which would otherwise sit
// idle while the other writers take their turn.
type chunkSink struct {
	root    string
	table   report.Table
	opt     report.WriterOptions
	chs     []chan seqRec
	cpu     cpuTokens
	lazy    bool // no rows, no table (else an empty part)
	once    sync.Once
	last    int64                            // chunk of the last batch sent, -1 before the first (send's goroutine only)
	open    []map[string]*report.TableWriter // each goroutine's writers of its chunk, by partition
	reads   []int                            // the read of each goroutine's open chunk
	mu      sync.Mutex
	done    []chunkDone // finished chunks, in the order they finished
	stats   report.TableStats
	wrote   bool // the table was written (it had rows, or is not lazy)
	prepErr error
	// partition says that the table is written in Hive partitions.
	partition bool
}

func newChunkSink(root string, table report.Table, opt report.WriterOptions, writers int, cpu cpuTokens, lazy bool) *chunkSink {
	c := &chunkSink{root: root, table: table, opt: opt, cpu: cpu, lazy: lazy,
		chs: make([]chan seqRec, writers), open: make([]map[string]*report.TableWriter, writers), reads: make([]int, writers),
		last: -1}
	for i := range c.chs {
		c.chs[i] = make(chan seqRec, sinkQueue)
	}
	// Now, before any writer starts: it removes temporary files.
	c.prepErr = report.PrepareTable(c.root, c.table, false)
	return c
}

// sinkQueue is how many batches may wait for each writer goroutine. One
// lets the collector hand on a batch while the writer still encodes the
// previous one; more only keep batches alive (a block's moves batch is 5-6
// MiB) without making the run faster, since the writers' work is bounded
// by the CPU tokens anyway: with 4, a run with every table peaked some 70
// MiB higher.
const sinkQueue = 1

// send hands on a batch of chunk; chunks come in order, a chunk's batches
// in order. The first batch of a chunk also tells the writer of the
// previous chunk that its chunk is complete.
func (c *chunkSink) send(ctx context.Context, chunk int64, stem string, read int, key string, rec arrow.RecordBatch) error {
	if c.last >= 0 && chunk != c.last {
		if err := c.put(ctx, c.last, seqRec{chunk: -1}); err != nil {
			rec.Release()
			return err
		}
	}
	c.last = chunk
	if err := c.put(ctx, chunk, seqRec{chunk, stem, read, key, rec}); err != nil {
		rec.Release()
		return err
	}
	return nil
}

// put sends sr to the writer of chunk.
func (c *chunkSink) put(ctx context.Context, chunk int64, sr seqRec) error {
	select {
	case c.chs[int(chunk%int64(len(c.chs)))] <- sr:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (c *chunkSink) close() {
	c.once.Do(func() {
		for _, ch := range c.chs {
			close(ch)
		}
	})
}

// run writes every batch; it drains the channels even after an error so
// that the collector never blocks. The table's combined stats are in
// c.stats afterwards, and each chunk's in c.done.
func (c *chunkSink) run() error {
	prepErr := c.prepErr
	errs := make([]error, len(c.chs))
	var wg sync.WaitGroup
	for i := range c.chs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := prepErr
			cur := int64(-1)
			for sr := range c.chs[i] {
				if sr.rec == nil { // the end of the open chunk
					c.cpu.acquire()
					if err == nil {
						err = c.finish(i)
					}
					c.cpu.release()
					cur = -1
					continue
				}
				c.cpu.acquire()
				if err == nil && sr.chunk != cur {
					err = c.finish(i)
					cur = sr.chunk
				}
				var w *report.TableWriter
				if err == nil {
					w, err = c.writer(i, sr)
				}
				if err == nil {
					err = w.Write(sr.rec)
				}
				c.cpu.release()
				sr.rec.Release()
			}
			if err == nil {
				c.cpu.acquire()
				err = c.finish(i)
				c.cpu.release()
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return fmt.Errorf("audit: table %s: %w", c.table.Name, err)
		}
	}
	c.stats = report.TableStats{Table: c.table.Name}
	for _, d := range c.done {
		c.stats.Rows += d.stats.Rows
		c.stats.RowGroups += d.stats.RowGroups
		c.stats.Bytes += d.stats.Bytes
	}
	c.wrote = len(c.done) > 0 || !c.lazy
	return nil
}

// writer returns goroutine i's writer of the partition of sr in its open
// chunk, started when needed.
func (c *chunkSink) writer(i int, sr seqRec) (*report.TableWriter, error) {
	if w := c.open[i][sr.key]; w != nil {
		return w, nil
	}
	opt := c.opt
	opt.Chunked, opt.Stem, opt.Subdir = true, sr.stem, sr.key
	w, err := report.NewTableWriter(c.root, c.table, opt)
	if err != nil {
		return nil, err
	}
	if c.open[i] == nil {
		c.open[i] = map[string]*report.TableWriter{}
	}
	c.open[i][sr.key], c.reads[i] = w, sr.read
	return w, nil
}

// finish closes goroutine i's writers of its chunk, in the order of their
// partitions.
func (c *chunkSink) finish(i int) error {
	ws := c.open[i]
	c.open[i] = nil
	for _, k := range slices.Sorted(maps.Keys(ws)) {
		st, err := ws[k].Close()
		if err != nil {
			for _, w := range ws {
				w.Abort()
			}
			return err
		}
		c.mu.Lock()
		c.done = append(c.done, chunkDone{read: c.reads[i], stats: st})
		c.mu.Unlock()
	}
	return nil
}

// abort removes the unfinished parts; call it only after run returned.
func (c *chunkSink) abort() {
	for i, ws := range c.open {
		for _, w := range ws {
			w.Abort()
		}
		c.open[i] = nil
	}
}

// writeChunk writes one batch as a chunk of its own with the sink's
// options, outside the pipeline (the tables of TRF inputs, written once
// every game is read); read is the chunk's read.
func (c *chunkSink) writeChunk(stem string, read int, rec arrow.RecordBatch) error {
	opt := c.opt
	opt.Chunked, opt.Stem = true, stem
	if c.partition {
		opt.Subdir = defaultPartition // the tables of events: no one date
	}
	w, err := report.NewTableWriter(c.root, c.table, opt)
	if err != nil {
		return err
	}
	if err := w.Write(rec); err != nil {
		w.Abort()
		return err
	}
	st, err := w.Close()
	if err != nil {
		return err
	}
	c.mu.Lock()
	c.done = append(c.done, chunkDone{read: read, stats: st})
	c.mu.Unlock()
	return nil
}
