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
// same tags in the same order) and its line (package fingerprint). While a
// source is read, its fingerprints go to a fingerprint.Store of its own,
// in input order: a game whose first occurrence is in the same source and
// still in memory is known at once, and its games row is written with
// duplicate_of, same_tags and its warning counted. When the source is
// read, the store's sorted runs become the source's fingerprint files
// (_manifest/source-NNNNN-...fp, kept with its manifest: 48 bytes a game).
//
// The commit merges the fingerprint files of every source of the run,
// those it read and those an incremental run kept, which finds every
// duplicate, across sources and runs too (fingerprint.ResolveRuns): the
// duplicate_game findings (all of them, in game order) are written then,
// as a part of the run's derived result, and only the games parts that
// hold a game whose values differ from what was written are rewritten
// (report.RewritePart: a new file takes the old one's name, so a kept
// part linked from an earlier run is not changed under it). Every way of
// reading gives the same tables: one machine or many, one run or an
// incremental series.

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/metadata"

	"github.com/arbiter-chess/arbiter/fingerprint"
	"github.com/arbiter-chess/arbiter/ingest"
	"github.com/arbiter-chess/arbiter/plan"
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

// gameFP is what a Stage keeps of a game for the duplicate detection.
type gameFP struct {
	id   int64
	fp   fingerprint.Fingerprint
	tags uint64
	line int64
	row  int // in the block's games batch
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
	s.fps = append(s.fps, gameFP{id: id, fp: h.Sum(), tags: th.Sum().Lo, line: int64(g.Line), row: s.row})
}

// DupRow is a games row's duplicate values: the game, its first
// occurrence and whether their tags are the same.
type DupRow struct {
	Game     int64 `json:"game"`
	First    int64 `json:"first"`
	SameTags bool  `json:"same_tags"`
}

// dupCollector keeps the fingerprints of the sources a pipeline reads: a
// fingerprint.Store per read (one at a time: reads come in order), whose
// in-memory answers set the rows' values at write time, and whose runs
// become the read's fingerprint files in dir when it is done.
type dupCollector struct {
	opt    DuplicateOptions
	dir    string // where the fingerprint files go (the output folder's or a plan's)
	rel    string // dir relative to the output folder ("_manifest", ...)
	read   int    // the read being collected, -1 before the first
	offset int64  // its first block's offset: its files are named after it
	store  *fingerprint.Store
	tmp    string
	out    *pipeOut
}

func newDupCollector(opt DuplicateOptions, root, rel string) *dupCollector {
	if opt.Off {
		return nil
	}
	return &dupCollector{opt: opt, dir: filepath.Join(root, rel), rel: rel, read: -1}
}

// collect adds the games of block o, in input order, and marks in o's
// games batch those whose first occurrence is in memory.
func (d *dupCollector) collect(out *pipeOut, o *Output) error {
	if d == nil || len(o.fps) == 0 {
		return nil
	}
	d.out = out
	if o.Read != d.read {
		if err := d.finishRead(); err != nil {
			return err
		}
		d.read, d.offset = o.Read, o.Offset
		d.tmp = filepath.Join(d.dir, fmt.Sprintf(".fp-%d", o.Read))
		st, err := fingerprint.NewStore(fingerprint.Options{Dir: d.tmp, MemBytes: d.opt.MemBytes})
		if err != nil {
			return fmt.Errorf("audit: duplicates: %w", err)
		}
		d.store = st
	}
	sr := out.sources[o.Read]
	var patches []gamePatch
	for _, g := range o.fps {
		first, dup, err := d.store.Add(fingerprint.Record{FP: g.fp, Game: g.id, Tags: g.tags, File: uint32(sr.Source.ID), Line: g.line})
		if err != nil {
			return fmt.Errorf("audit: duplicates: %w", err)
		}
		if dup {
			same := first.Tags == g.tags
			patches = append(patches, gamePatch{row: g.row, dupOf: first.Game, sameTags: same, addWarning: 1})
			sr.DupRows = append(sr.DupRows, DupRow{Game: g.id, First: first.Game, SameTags: same})
		}
	}
	if rec := o.Records[TableGames]; rec != nil && len(patches) > 0 {
		patched, err := patchGames(rec, patches, nil)
		if err != nil {
			return err
		}
		rec.Release()
		o.Records[TableGames] = patched
	}
	return nil
}

// finishRead writes the store of the read being collected as its
// fingerprint files.
func (d *dupCollector) finishRead() error {
	if d == nil || d.store == nil {
		return nil
	}
	st := d.store
	d.store = nil
	defer os.RemoveAll(d.tmp)
	defer st.Close()
	if err := st.Flush(); err != nil {
		return fmt.Errorf("audit: duplicates: %w", err)
	}
	sr := d.out.sources[d.read]
	for k, run := range st.Runs() {
		name := fmt.Sprintf("source-%s-%03d.fp", plan.PartStem(sr.Source.ID, d.offset), k)
		if err := os.Rename(run, filepath.Join(d.dir, name)); err != nil {
			return fmt.Errorf("audit: duplicates: %w", err)
		}
		sr.FPRuns = append(sr.FPRuns, filepath.ToSlash(filepath.Join(d.rel, name)))
	}
	return nil
}

// gamePatch sets the duplicate columns of one games row: dupOf -1 clears
// them.
type gamePatch struct {
	row        int   // in the batch
	game       int64 // the game (commit-time changes)
	dupOf      int64 // duplicate_of
	sameTags   bool
	addWarning int32 // added to warning_count
}

// resolveDuplicates finds every duplicate among the fingerprint files of
// all (the sources of a commit, their files in stage), writes their
// duplicate_game findings as a part of derived, rewrites the games parts
// whose rows differ from the duplicates found, and records each source's
// duplicate rows.
func resolveDuplicates(opt DuplicateOptions, stage string, wopt report.WriterOptions, all []*SourceResult,
	derived *SourceResult, wantFindings, wantGames, partition bool) error {
	var runs []string
	bySource := map[int]*SourceResult{}
	for _, sr := range all {
		bySource[sr.Source.ID] = sr
		for _, r := range sr.FPRuns {
			runs = append(runs, filepath.Join(stage, filepath.FromSlash(r)))
		}
	}
	if len(runs) == 0 {
		return nil
	}
	tmp := filepath.Join(stage, ".fp-resolve")
	defer os.RemoveAll(tmp)
	dups, err := fingerprint.ResolveRuns(fingerprint.Options{Dir: tmp, MemBytes: opt.MemBytes}, runs...)
	if err != nil {
		return fmt.Errorf("audit: duplicates: %w", err)
	}
	defer dups.Close()

	// What was written, per game, from every source's rows.
	written := map[int64]DupRow{}
	for _, sr := range all {
		for _, r := range sr.DupRows {
			written[r.Game] = r
		}
		sr.DupRows = nil
	}
	// The findings go with their games: by partition (see partition.go),
	// found from the games parts that hold them.
	var where *partIndex
	if partition {
		var err error
		if where, err = newPartIndex(stage, all); err != nil {
			return err
		}
	}
	type sink struct {
		key string
		fb  *report.FindingsBuilder
		fw  *report.TableWriter
	}
	sinks := map[string]*sink{}
	defer func() {
		for _, k := range sinks {
			k.fb.Release()
			if k.fw != nil {
				k.fw.Abort() // after Close, nothing
			}
		}
	}()
	sinkOf := func(game int64) (*sink, error) {
		key := ""
		if where != nil {
			var err error
			if key, err = where.of(game); err != nil {
				return nil, err
			}
		}
		k := sinks[key]
		if k == nil {
			k = &sink{key: key, fb: report.NewFindingsBuilder(nil)}
			sinks[key] = k
		}
		return k, nil
	}
	kc := &stats.KindCount{Kind: KindDuplicateGame, Severity: "warning", Example: stats.Example{GameID: -1, Ply: -1}}
	changes := map[int][]gamePatch{} // per source: rows whose values change (row is unused: matched by game)
	changed := map[int][]int64{}
	var row report.FindingRow
	flush := func(k *sink) error {
		if k.fb.Len() == 0 {
			return nil
		}
		if k.fw == nil {
			o := wopt
			o.Chunked, o.Stem, o.Subdir = true, "duplicates", k.key
			var err error
			if k.fw, err = report.NewTableWriter(stage, report.FindingsTable(), o); err != nil {
				return err
			}
		}
		rec := k.fb.Flush()
		defer rec.Release()
		return k.fw.Write(rec)
	}
	for {
		x, ok := dups.Next()
		if !ok {
			break
		}
		g, f := x.Game, x.First
		src := bySource[int(g.File)]
		first := bySource[int(f.File)]
		if src == nil || first == nil {
			return fmt.Errorf("audit: duplicates: game %d names an unknown source", g.Game)
		}
		dr := DupRow{Game: g.Game, First: f.Game, SameTags: x.SameTags()}
		src.DupRows = append(src.DupRows, dr)
		if w, ok := written[g.Game]; !ok || w != dr {
			add := int32(0)
			if !ok {
				add = 1
			}
			changes[src.Source.ID] = append(changes[src.Source.ID], gamePatch{dupOf: dr.First, sameTags: dr.SameTags, addWarning: add, game: g.Game})
			changed[src.Source.ID] = append(changed[src.Source.ID], g.Game)
		}
		delete(written, g.Game)
		msg := dupMessage(&x, first.Source.Path)
		kc.Count++
		kc.Games++
		if kc.Example.GameID < 0 {
			kc.Example = stats.Example{GameID: g.Game, File: src.Source.Path, Line: g.Line, Ply: -1, Message: msg}
		}
		if !wantFindings {
			continue
		}
		row.Reset()
		row.GameID = g.Game
		row.Kind = KindDuplicateGame
		row.Severity = report.SeverityWarning
		row.Message = append(row.Message, msg...)
		row.SourceFile = src.Source.Path
		row.SourceLine.Set(g.Line)
		k, err := sinkOf(g.Game)
		if err != nil {
			return err
		}
		if err := k.fb.Append(&row); err != nil {
			return fmt.Errorf("audit: duplicates: %w", err)
		}
		if k.fb.Len() >= 1<<14 {
			if err := flush(k); err != nil {
				return err
			}
		}
	}
	if err := dups.Err(); err != nil {
		return fmt.Errorf("audit: duplicates: %w", err)
	}
	// Rows written as duplicates that are none any more (their first
	// occurrence was in a source that changed).
	for game := range written {
		src, _ := plan.SplitID(game)
		changes[src] = append(changes[src], gamePatch{dupOf: -1, addWarning: -1, game: game})
	}
	for _, key := range slices.Sorted(maps.Keys(sinks)) {
		k := sinks[key]
		if err := flush(k); err != nil {
			return err
		}
		if k.fw == nil {
			continue
		}
		st, err := k.fw.Close()
		if err != nil {
			return err
		}
		derived.addParts(TableNames[TableFindings], st)
	}
	if kc.Count > 0 {
		derived.Stats.ByKind[KindDuplicateGame] = kc
		derived.Stats.BySeverity["warning"] += kc.Count
	}
	if !wantGames {
		return nil
	}
	for id, ps := range changes {
		if err := rewriteGames(stage, wopt, bySource[id], ps); err != nil {
			return err
		}
	}
	return nil
}

// dupMessage is the finding's message for duplicate x.
func dupMessage(x *fingerprint.Duplicate, firstFile string) string {
	tags := "with the same tags (the game was sent twice)"
	if !x.SameTags() {
		tags = "with other tags (the same moves under other names, dates or events: likely an error in the upload)"
	}
	return fmt.Sprintf("the same game as game %d (%s:%d): same start position and moves, %s",
		x.First.Game, firstFile, x.First.Line, tags)
}

// rewriteGames sets the duplicate values ps (by game) in the games parts
// of sr that hold them, and updates the parts' sizes and checksums.
func rewriteGames(stage string, wopt report.WriterOptions, sr *SourceResult, ps []gamePatch) error {
	if sr == nil {
		return errors.New("audit: duplicates: a change for an unknown source")
	}
	by := make(map[int64]gamePatch, len(ps))
	for _, p := range ps {
		by[p.game] = p
	}
	parts := sr.Parts[TableNames[TableGames]]
	for i := range parts {
		pf := &parts[i]
		path := filepath.Join(stage, filepath.FromSlash(pf.Path))
		lo, hi, err := gameRange(path)
		if err != nil {
			return err
		}
		hit := false
		for g := range by {
			if g >= lo && g <= hi {
				hit = true
				break
			}
		}
		if !hit {
			continue
		}
		size, err := report.RewritePart(path, report.GamesTable(), wopt, func(rec arrow.RecordBatch) (arrow.RecordBatch, error) {
			ids := rec.Column(rec.Schema().FieldIndices("game_id")[0]).(*array.Int64)
			var patches []gamePatch
			for r := 0; r < ids.Len(); r++ {
				if p, ok := by[ids.Value(r)]; ok {
					p.row = r
					patches = append(patches, p)
				}
			}
			if len(patches) == 0 {
				return rec, nil
			}
			return patchGames(rec, patches, nil)
		})
		if err != nil {
			return fmt.Errorf("audit: duplicates: %w", err)
		}
		pf.Bytes = size
		if pf.SHA256, err = fileSHA256Err(path); err != nil {
			return err
		}
	}
	return nil
}

// gameRange returns the smallest and largest game_id of a games part.
func gameRange(path string) (lo, hi int64, err error) {
	pf, err := file.OpenParquetFile(path, false)
	if err != nil {
		return 0, 0, fmt.Errorf("audit: duplicates: %w", err)
	}
	defer pf.Close()
	lo, hi = math.MaxInt64, math.MinInt64
	for rg := 0; rg < pf.NumRowGroups(); rg++ {
		cc, err := pf.MetaData().RowGroup(rg).ColumnChunk(0)
		if err != nil {
			return 0, 0, fmt.Errorf("audit: duplicates: %w", err)
		}
		st, err := cc.Statistics()
		if err != nil || st == nil || !st.HasMinMax() {
			return math.MinInt64, math.MaxInt64, nil // no statistics: assume it may hold any game
		}
		s := st.(*metadata.Int64Statistics)
		lo, hi = min(lo, s.Min()), max(hi, s.Max())
	}
	return lo, hi, nil
}

func fileSHA256Err(path string) (string, error) {
	sum := fileSHA256(path)
	if sum == "" {
		return "", fmt.Errorf("audit: duplicates: cannot read %s", path)
	}
	return sum, nil
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
			if p.dupOf < 0 {
				db.AppendNull()
				sb.AppendNull()
			} else {
				db.Append(p.dupOf)
				sb.Append(p.sameTags)
			}
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

// minPlies returns the short-game threshold of o.
func (o DuplicateOptions) minPlies() int {
	switch {
	case o.MinPlies == 0:
		return DefaultDupMinPlies
	case o.MinPlies < 0:
		return 0
	}
	return o.MinPlies
}

// partIndex finds the partition of a game from the games parts: a games
// part holds one partition's rows (see partition.go).
type partIndex struct {
	stage string
	parts []partSpan // by lo
}

type partSpan struct {
	lo, hi int64
	key    string
	path   string
	ids    map[int64]bool // read when ranges overlap
}

// newPartIndex reads the game_id range of every games part of all.
func newPartIndex(stage string, all []*SourceResult) (*partIndex, error) {
	x := &partIndex{stage: stage}
	for _, sr := range all {
		for _, pf := range sr.Parts[TableNames[TableGames]] {
			path := filepath.Join(stage, filepath.FromSlash(pf.Path))
			lo, hi, err := gameRange(path)
			if err != nil {
				return nil, err
			}
			rel := strings.TrimPrefix(filepath.ToSlash(filepath.Dir(pf.Path)), TableNames[TableGames])
			x.parts = append(x.parts, partSpan{lo: lo, hi: hi, key: strings.TrimPrefix(rel, "/"), path: path})
		}
	}
	slices.SortFunc(x.parts, func(a, b partSpan) int { return cmp.Compare(a.lo, b.lo) })
	return x, nil
}

// of returns the partition of game: that of the games part that holds
// it. The ranges of the parts of one chunk in different partitions
// overlap (their games alternate); only then are the parts' ids read.
func (x *partIndex) of(game int64) (string, error) {
	i := sort.Search(len(x.parts), func(i int) bool { return x.parts[i].lo > game })
	var cand []*partSpan
	for j := i - 1; j >= 0; j-- {
		p := &x.parts[j]
		if game <= p.hi {
			cand = append(cand, p)
		}
		if j < i-256 { // a chunk's parts are few; older parts end before
			break
		}
	}
	if len(cand) == 1 {
		return cand[0].key, nil
	}
	for _, p := range cand {
		if p.ids == nil {
			ids, err := partGameIDs(p.path)
			if err != nil {
				return "", err
			}
			p.ids = ids
		}
		if p.ids[game] {
			return p.key, nil
		}
	}
	return defaultPartition, nil
}

// partGameIDs reads the game ids of a games part.
func partGameIDs(path string) (map[int64]bool, error) {
	pf, err := file.OpenParquetFile(path, false)
	if err != nil {
		return nil, fmt.Errorf("audit: duplicates: %w", err)
	}
	defer pf.Close()
	ids := map[int64]bool{}
	for rg := 0; rg < pf.NumRowGroups(); rg++ {
		cr, err := pf.RowGroup(rg).Column(0)
		if err != nil {
			return nil, fmt.Errorf("audit: duplicates: %w", err)
		}
		r := cr.(*file.Int64ColumnChunkReader)
		buf := make([]int64, 4096)
		for r.HasNext() {
			n, _, err := r.ReadBatch(int64(len(buf)), buf, nil, nil)
			if err != nil {
				return nil, fmt.Errorf("audit: duplicates: %w", err)
			}
			for _, id := range buf[:n] {
				ids[id] = true
			}
		}
	}
	return ids, nil
}
