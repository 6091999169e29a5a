package audit

// Duplicate games.
//
// Two games are the same game when they start from the same position and
// their replayed moves are the same (Nf3, Sf3 and g1f3 are one move); a
// game of fewer than DuplicateOptions.MinPlies plies is the same as
// another only when its White, Black and Date tags are the same too, since
// short games often coincide by chance. Games that were not replayed
// (variants with other rules, unusable start positions) are compared by
// variant, FEN tag and move text as written; for a game whose replay
// stopped at an error, the moves after it count as written.
//
// Each Stage reduces a game to a 128-bit fingerprint of that, a hash of
// its tags (names and values, in file order: same_tags is true for the
// same tags in the same order) and its line (package fingerprint). The collector adds them to
// a fingerprint.Store in input order: while the store holds every earlier
// game in memory, a duplicate is known at once and its games row is
// written with duplicate_of, same_tags and its warning counted. Past
// DuplicateOptions.MemBytes the store spills sorted runs to disk (in a
// hidden folder of the output directory, removed at the end) and a game
// whose first occurrence was spilled is learned only when the runs are
// merged, at the end of the run: the duplicate_game findings (all of
// them, in game order) are appended to the findings table then, and only
// the games parts that hold a game learned that way are rewritten with
// its values (report.RewritePart). Both ways give the same tables.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"

	"github.com/arbiter-chess/arbiter/fingerprint"
	"github.com/arbiter-chess/arbiter/ingest"
	"github.com/arbiter-chess/arbiter/report"
	"github.com/arbiter-chess/arbiter/stats"
)

// DuplicateOptions configure the detection of duplicate games.
type DuplicateOptions struct {
	Off bool // no detection
	// MinPlies: games of fewer plies (recorded) are duplicates only when
	// their players and date agree too (0: DefaultDupMinPlies; negative:
	// none).
	MinPlies int
	// MemBytes is the memory for the fingerprints before they spill to
	// disk (0: fingerprint.DefaultMemBytes).
	MemBytes int64
}

// DefaultDupMinPlies is the default of DuplicateOptions.MinPlies.
const DefaultDupMinPlies = 20

// KindDuplicateGame is the kind of the finding on every occurrence of a
// game after the first.
const KindDuplicateGame = "duplicate_game"

// dupDir is the folder of the fingerprint runs under the output directory.
const dupDir = ".arbiter-fingerprints"

// gameFP is what a Stage keeps of a game for the duplicate detection.
type gameFP struct {
	id   int64
	fp   fingerprint.Fingerprint
	tags uint64
	line int64
}

// Domains of the fingerprint: what kind of game it describes.
const (
	fpReplayed    = 1 // start position and replayed moves
	fpUnreplayed  = 2 // moves after the replay stopped, as written
	fpNotAudited  = 3 // variant, FEN tag and moves as written
	fpShortPlayed = 4 // a short game's players and date
)

// addFingerprint records the fingerprint of the game just judged.
func (s *Stage) addFingerprint(g *ingest.Game, id int64) {
	v := &s.rep.Verdict
	h := &s.fph
	h.Reset()
	if v.Audited {
		start, moves := s.judge.Line(s.line[:0])
		s.line = moves
		k := start.Key()
		h.Word(fpReplayed)
		h.Word(uint64(k.White))
		for _, b := range k.Types {
			h.Word(uint64(b))
		}
		h.Word(uint64(uint8(k.CastleRook[0])) | uint64(uint8(k.CastleRook[1]))<<8 | uint64(uint8(k.CastleRook[2]))<<16 |
			uint64(uint8(k.CastleRook[3]))<<24 | uint64(uint8(k.EPFile))<<32 | uint64(k.Side)<<40)
		h.Word(uint64(len(moves)))
		for i := 0; i < len(moves); i += 4 {
			var w uint64
			for j := i; j < min(i+4, len(moves)); j++ {
				w |= uint64(moves[j]) << (16 * (j - i))
			}
			h.Word(w)
		}
		if v.PliesReplayed < len(g.Moves) {
			h.Word(fpUnreplayed)
			for i := v.PliesReplayed; i < len(g.Moves); i++ {
				h.Bytes(g.Moves[i].Text)
			}
		}
	} else {
		h.Word(fpNotAudited)
		h.String(s.vg.Variant)
		h.String(s.vg.FEN)
		h.Word(uint64(len(g.Moves)))
		for i := range g.Moves {
			h.Bytes(g.Moves[i].Text)
		}
	}
	var white, black, date string
	th := &s.tagh
	th.Reset()
	for i := range g.Tags {
		t := &g.Tags[i]
		th.String(t.Name)
		th.String(t.Value)
		switch t.Name {
		case "White":
			white = t.Value
		case "Black":
			black = t.Value
		case "Date":
			date = t.Value
		}
	}
	if len(g.Moves) < s.opt.DupMinPlies {
		h.Word(fpShortPlayed)
		h.String(white)
		h.String(black)
		h.String(date)
	}
	s.fps = append(s.fps, gameFP{id: id, fp: h.Sum(), tags: th.Sum().Lo, line: int64(g.Line)})
}

// dupTracker finds the duplicates among the games of a run (see the top
// of this file): it is the collector's, which adds each block's games in
// input order.
type dupTracker struct {
	opt     DuplicateOptions
	dir     string
	store   *fingerprint.Store
	files   []string // the sources of the records, by File
	fileIdx map[string]uint32
	patches []gamePatch
	dups    *fingerprint.Duplicates
	late    int64 // duplicates learned from the merge only
}

// newDupTracker returns the tracker of a run writing to outDir, nil when
// the detection is off.
func newDupTracker(opt DuplicateOptions, outDir string) (*dupTracker, error) {
	if opt.Off {
		return nil, nil
	}
	dir := filepath.Join(outDir, dupDir)
	if err := os.RemoveAll(dir); err != nil { // left by an interrupted run
		return nil, fmt.Errorf("audit: duplicates: %w", err)
	}
	st, err := fingerprint.NewStore(fingerprint.Options{Dir: dir, MemBytes: opt.MemBytes})
	if err != nil {
		return nil, fmt.Errorf("audit: duplicates: %w", err)
	}
	return &dupTracker{opt: opt, dir: dir, store: st, fileIdx: map[string]uint32{}}, nil
}

// minPlies returns the short-game threshold of opt.
func (o DuplicateOptions) minPlies() int {
	switch {
	case o.MinPlies == 0:
		return DefaultDupMinPlies
	case o.MinPlies < 0:
		return 0
	}
	return o.MinPlies
}

func (d *dupTracker) file(name string) uint32 {
	i, ok := d.fileIdx[name]
	if !ok {
		i = uint32(len(d.files))
		d.files = append(d.files, name)
		d.fileIdx[name] = i
	}
	return i
}

// gamePatch sets the duplicate columns of one games row.
type gamePatch struct {
	row        int   // in the batch
	dupOf      int64 // duplicate_of
	sameTags   bool
	addWarning int32 // added to warning_count
}

// collect adds the games of block o, in input order, and marks in o's
// games batch those whose first occurrence is in memory.
func (d *dupTracker) collect(o *Output) error {
	if d == nil || len(o.fps) == 0 {
		return nil
	}
	fi := d.file(o.File)
	d.patches = d.patches[:0]
	for _, g := range o.fps {
		first, dup, err := d.store.Add(fingerprint.Record{FP: g.fp, Game: g.id, Tags: g.tags, File: fi, Line: g.line})
		if err != nil {
			return fmt.Errorf("audit: duplicates: %w", err)
		}
		if dup {
			d.patches = append(d.patches, gamePatch{row: int(g.id - o.FirstGame), dupOf: first.Game, sameTags: first.Tags == g.tags, addWarning: 1})
		}
	}
	if rec := o.Records[TableGames]; rec != nil && len(d.patches) > 0 {
		patched, err := patchGames(rec, d.patches, nil)
		if err != nil {
			return err
		}
		rec.Release()
		o.Records[TableGames] = patched
	}
	return nil
}

// finish merges the fingerprints, sends a duplicate_game finding for
// every duplicate to findings (when the table is written) and counts them
// in total. Call it once every block has been collected, before the table
// writers close.
func (d *dupTracker) finish(ctx context.Context, findings *tableSink, total *stats.Run) error {
	if d == nil {
		return nil
	}
	dups, err := d.store.Resolve()
	if err != nil {
		return fmt.Errorf("audit: duplicates: %w", err)
	}
	d.dups = dups
	var fb *report.FindingsBuilder
	if findings != nil {
		fb = report.NewFindingsBuilder(nil)
		defer fb.Release()
	}
	kc := &stats.KindCount{Kind: KindDuplicateGame, Severity: "warning", Example: stats.Example{GameID: -1, Ply: -1}}
	var row report.FindingRow
	for {
		x, ok := dups.Next()
		if !ok {
			break
		}
		if x.Reported != x.First.Game {
			d.late++
		}
		msg := d.message(&x)
		kc.Count++
		kc.Games++
		if kc.Example.GameID < 0 {
			kc.Example = stats.Example{GameID: x.Game.Game, File: d.files[x.Game.File], Line: x.Game.Line, Ply: -1, Message: msg}
		}
		if fb == nil {
			continue
		}
		row.Reset()
		row.GameID = x.Game.Game
		row.Kind = KindDuplicateGame
		row.Severity = report.SeverityWarning
		row.Message = append(row.Message, msg...)
		row.SourceFile = d.files[x.Game.File]
		row.SourceLine.Set(x.Game.Line)
		if err := fb.Append(&row); err != nil {
			return fmt.Errorf("audit: duplicates: %w", err)
		}
		if fb.Len() >= 1<<14 {
			if err := findings.send(ctx, fb.Flush()); err != nil {
				return err
			}
		}
	}
	if err := dups.Err(); err != nil {
		return fmt.Errorf("audit: duplicates: %w", err)
	}
	if fb != nil && fb.Len() > 0 {
		if err := findings.send(ctx, fb.Flush()); err != nil {
			return err
		}
	}
	if kc.Count > 0 {
		total.ByKind[KindDuplicateGame] = kc
		total.BySeverity["warning"] += kc.Count
	}
	return nil
}

// message is the finding's message for duplicate x.
func (d *dupTracker) message(x *fingerprint.Duplicate) string {
	tags := "with the same tags (the game was sent twice)"
	if !x.SameTags() {
		tags = "with other tags (the same moves under other names, dates or events: likely an error in the upload)"
	}
	return fmt.Sprintf("the same game as game %d (%s:%d): same start position and moves, %s",
		x.First.Game, d.files[x.First.File], x.First.Line, tags)
}

// rewrite sets the duplicate columns of the games learned from the merge
// only, rewriting the games parts that hold them, and corrects the
// table's bytes in st. Call it once the games table is written.
func (d *dupTracker) rewrite(outDir string, wopt report.WriterOptions, st *report.TableStats) error {
	if d == nil || d.late == 0 || st == nil {
		return nil
	}
	d.dups.Rewind()
	next, ok := d.nextLate()
	var lo int64 // the first game of the part
	for _, part := range st.Parts {
		if !ok {
			break
		}
		path := filepath.Join(outDir, filepath.FromSlash(part))
		rows, size, err := partRows(path)
		if err != nil {
			return err
		}
		hi := lo + rows
		if next.Game.Game < hi {
			newSize, err := report.RewritePart(path, report.GamesTable(), wopt, func(rec arrow.RecordBatch) (arrow.RecordBatch, error) {
				return d.fixBatch(rec, &next, &ok)
			})
			if err != nil {
				return fmt.Errorf("audit: duplicates: %w", err)
			}
			st.Bytes += newSize - size
		}
		lo = hi
	}
	if err := d.dups.Err(); err != nil {
		return fmt.Errorf("audit: duplicates: %w", err)
	}
	if ok {
		return fmt.Errorf("audit: duplicates: game %d is in no games part", next.Game.Game)
	}
	return nil
}

// nextLate returns the next duplicate learned from the merge only.
func (d *dupTracker) nextLate() (fingerprint.Duplicate, bool) {
	for {
		x, ok := d.dups.Next()
		if !ok || x.Reported != x.First.Game {
			return x, ok
		}
	}
}

// fixBatch patches the rows of rec whose games are next and the late
// duplicates after it, advancing next.
func (d *dupTracker) fixBatch(rec arrow.RecordBatch, next *fingerprint.Duplicate, ok *bool) (arrow.RecordBatch, error) {
	ids := rec.Column(rec.Schema().FieldIndices("game_id")[0]).(*array.Int64)
	if ids.Len() == 0 {
		return rec, nil
	}
	first := ids.Value(0)
	d.patches = d.patches[:0]
	for *ok && next.Game.Game < first+int64(ids.Len()) {
		row := int(next.Game.Game - first)
		if row < 0 || ids.Value(row) != next.Game.Game {
			return nil, fmt.Errorf("game %d is not where its part says", next.Game.Game)
		}
		add := int32(0)
		if next.Reported < 0 { // written as a first occurrence
			add = 1
		}
		d.patches = append(d.patches, gamePatch{row: row, dupOf: next.First.Game, sameTags: next.SameTags(), addWarning: add})
		*next, *ok = d.nextLate()
	}
	if len(d.patches) == 0 {
		return rec, nil
	}
	return patchGames(rec, d.patches, nil)
}

// partRows returns the rows and size of a part file.
func partRows(path string) (rows, size int64, err error) {
	pf, err := file.OpenParquetFile(path, false)
	if err != nil {
		return 0, 0, fmt.Errorf("audit: duplicates: %w", err)
	}
	defer pf.Close()
	fi, err := os.Stat(path)
	if err != nil {
		return 0, 0, fmt.Errorf("audit: duplicates: %w", err)
	}
	return pf.NumRows(), fi.Size(), nil
}

// close removes the fingerprint runs.
func (d *dupTracker) close() {
	if d == nil {
		return
	}
	if d.dups != nil {
		d.dups.Close()
	}
	d.store.Close()
	os.RemoveAll(d.dir)
}

// patchGames returns a copy of the games batch rec with the duplicate
// columns of the rows of ps (in row order) set.
func patchGames(rec arrow.RecordBatch, ps []gamePatch, mem memory.Allocator) (arrow.RecordBatch, error) {
	if mem == nil {
		mem = memory.DefaultAllocator
	}
	sc := rec.Schema()
	col := func(name string) (int, error) {
		idx := sc.FieldIndices(name)
		if len(idx) != 1 {
			return 0, fmt.Errorf("audit: games batch without %s", name)
		}
		return idx[0], nil
	}
	iDup, err1 := col("duplicate_of")
	iSame, err2 := col("same_tags")
	iWarn, err3 := col("warning_count")
	for _, err := range []error{err1, err2, err3} {
		if err != nil {
			return nil, err
		}
	}
	dupIn, sameIn, warnIn := rec.Column(iDup).(*array.Int64), rec.Column(iSame).(*array.Boolean), rec.Column(iWarn).(*array.Int32)
	n := int(rec.NumRows())
	db, sb, wb := array.NewInt64Builder(mem), array.NewBooleanBuilder(mem), array.NewInt32Builder(mem)
	defer db.Release()
	defer sb.Release()
	defer wb.Release()
	db.Reserve(n)
	sb.Reserve(n)
	wb.Reserve(n)
	k := 0
	for i := range n {
		if k < len(ps) && ps[k].row == i {
			p := &ps[k]
			db.Append(p.dupOf)
			sb.Append(p.sameTags)
			wb.Append(warnIn.Value(i) + p.addWarning)
			k++
			continue
		}
		if dupIn.IsValid(i) {
			db.Append(dupIn.Value(i))
		} else {
			db.AppendNull()
		}
		if sameIn.IsValid(i) {
			sb.Append(sameIn.Value(i))
		} else {
			sb.AppendNull()
		}
		wb.Append(warnIn.Value(i))
	}
	if k != len(ps) {
		return nil, fmt.Errorf("audit: %d duplicate rows beyond the batch's %d rows", len(ps)-k, n)
	}
	cols := append([]arrow.Array(nil), rec.Columns()...)
	newCols := []arrow.Array{db.NewArray(), sb.NewArray(), wb.NewArray()}
	defer func() {
		for _, a := range newCols {
			a.Release()
		}
	}()
	cols[iDup], cols[iSame], cols[iWarn] = newCols[0], newCols[1], newCols[2]
	return array.NewRecordBatch(sc, cols, rec.NumRows()), nil
}
