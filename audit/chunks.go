package audit

import (
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/apache/arrow-go/v18/arrow"

	"github.com/arbiter-chess/arbiter/report"
)

// chunkBlocks is how many consecutive blocks of the input go into one
// chunk of a chunked table: each chunk is written as its own part file(s),
// named after the chunk so that the files sort in input order.
const chunkBlocks = 32

// seqRec is a batch with the sequence number of its block, or, with a
// nil rec, the end of the chunk that the writer has open.
type seqRec struct {
	seq int64
	rec arrow.RecordBatch
}

// chunkSink writes one table with several writer goroutines at once: the
// table's rows are cut into chunks of chunkBlocks blocks, chunk c goes to
// goroutine c mod n, and each chunk becomes its own part files. The files
// and their names depend only on the input, not on n, so a run gives the
// same tables whatever the number of workers.
//
// A writer finishes its chunk as soon as the first batch of the next chunk
// is sent (to the next writer), not when its own next chunk arrives: an
// open part holds a buffered row group with the encoders' page buffers of
// every column (30-40 MiB for the games table), which would otherwise sit
// idle while the other writers take their turn.
type chunkSink struct {
	root   string
	table  report.Table
	opt    report.WriterOptions
	chs    []chan seqRec
	cpu    cpuTokens
	once   sync.Once
	last   int64                 // chunk of the last batch sent, -1 before the first (send's goroutine only)
	open   []*report.TableWriter // each goroutine's current writer, for abort
	closed [][]report.TableStats // each goroutine's finished chunks
}

func newChunkSink(root string, table report.Table, opt report.WriterOptions, writers int, cpu cpuTokens) *chunkSink {
	c := &chunkSink{root: root, table: table, opt: opt, cpu: cpu,
		chs: make([]chan seqRec, writers), open: make([]*report.TableWriter, writers), closed: make([][]report.TableStats, writers),
		last: -1}
	for i := range c.chs {
		c.chs[i] = make(chan seqRec, sinkQueue)
	}
	return c
}

// send hands on the batch of block seq; batches come in block order. The
// first batch of a chunk also tells the writer of the previous chunk that
// its chunk is complete.
func (c *chunkSink) send(ctx context.Context, seq int64, rec arrow.RecordBatch) error {
	chunk := seq / chunkBlocks
	if c.last >= 0 && chunk != c.last {
		if err := c.put(ctx, c.last, seqRec{seq: -1}); err != nil {
			rec.Release()
			return err
		}
	}
	c.last = chunk
	if err := c.put(ctx, chunk, seqRec{seq, rec}); err != nil {
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
// that the collector never blocks, and returns the table's combined stats.
func (c *chunkSink) run() (*report.TableStats, error) {
	prepErr := report.PrepareTable(c.root, c.table, c.opt.Overwrite)
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
				chunk := sr.seq / chunkBlocks
				c.cpu.acquire()
				if err == nil && chunk != cur {
					err = c.finish(i)
					if err == nil {
						err = c.start(i, int(chunk))
					}
					cur = chunk
				}
				if err == nil {
					err = c.open[i].Write(sr.rec)
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
			return nil, fmt.Errorf("audit: table %s: %w", c.table.Name, err)
		}
	}
	all := report.TableStats{Table: c.table.Name}
	for _, sts := range c.closed {
		for _, st := range sts {
			all.Rows += st.Rows
			all.RowGroups += st.RowGroups
			all.Bytes += st.Bytes
			all.Parts = append(all.Parts, st.Parts...)
		}
	}
	if len(all.Parts) == 0 {
		// No rows at all: one valid part with the schema, as for other tables.
		if err := c.start(0, 0); err != nil {
			return nil, err
		}
		if err := c.finish(0); err != nil {
			return nil, err
		}
		st := c.closed[0][0]
		all.RowGroups, all.Bytes, all.Parts = st.RowGroups, st.Bytes, st.Parts
	}
	slices.Sort(all.Parts)
	return &all, nil
}

func (c *chunkSink) start(i, chunk int) error {
	opt := c.opt
	opt.Chunked, opt.Chunk = true, chunk
	w, err := report.NewTableWriter(c.root, c.table, opt)
	if err != nil {
		return err
	}
	c.open[i] = w
	return nil
}

func (c *chunkSink) finish(i int) error {
	w := c.open[i]
	if w == nil {
		return nil
	}
	c.open[i] = nil
	st, err := w.Close()
	if err != nil {
		return err
	}
	c.closed[i] = append(c.closed[i], st)
	return nil
}

// abort removes the unfinished parts; call it only after run returned.
func (c *chunkSink) abort() {
	for i, w := range c.open {
		if w != nil {
			w.Abort()
			c.open[i] = nil
		}
	}
}
