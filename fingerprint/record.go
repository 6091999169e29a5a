package fingerprint

import (
	"encoding/binary"
	"fmt"
)

// Record is what the store keeps of one game.
type Record struct {
	FP   Fingerprint
	Game int64  // the game's id: the record with the smallest Game is the first occurrence
	Tags uint64 // a hash of the game's tags, to tell whether two occurrences have the same tags
	// Line and File locate the game for a reader: File is an index into
	// the caller's list of sources (at most MaxFile), Line the game's
	// first line (at most MaxLine).
	Line int64
	File uint32
	// Seg is the Store's segment the record was added in (set by
	// Store.Add: the records in memory between two spills), so that
	// Resolve can tell what Add answered for it (Duplicate.Reported).
	Seg uint32
}

// Limits of Record.File and Record.Line (they share 64 bits on disk).
const (
	MaxFile = 1<<24 - 1
	MaxLine = 1<<40 - 1
)

// RecordSize is the size of a record on disk.
const RecordSize = 48

// put encodes r into b[:RecordSize], little-endian.
func (r *Record) put(b []byte) {
	_ = b[RecordSize-1]
	binary.LittleEndian.PutUint64(b[0:], r.FP.Hi)
	binary.LittleEndian.PutUint64(b[8:], r.FP.Lo)
	binary.LittleEndian.PutUint64(b[16:], uint64(r.Game))
	binary.LittleEndian.PutUint64(b[24:], r.Tags)
	binary.LittleEndian.PutUint64(b[32:], uint64(r.File)<<40|uint64(r.Line)&MaxLine)
	binary.LittleEndian.PutUint64(b[40:], uint64(r.Seg))
}

// get decodes b[:RecordSize] into r.
func (r *Record) get(b []byte) {
	_ = b[RecordSize-1]
	r.FP.Hi = binary.LittleEndian.Uint64(b[0:])
	r.FP.Lo = binary.LittleEndian.Uint64(b[8:])
	r.Game = int64(binary.LittleEndian.Uint64(b[16:]))
	r.Tags = binary.LittleEndian.Uint64(b[24:])
	w := binary.LittleEndian.Uint64(b[32:])
	r.File, r.Line = uint32(w>>40), int64(w&MaxLine)
	r.Seg = uint32(binary.LittleEndian.Uint64(b[40:]))
}

// check reports a record that does not fit the format.
func (r *Record) check() error {
	if r.File > MaxFile || r.Line < 0 || r.Line > MaxLine || r.Game < 0 {
		return fmt.Errorf("fingerprint: record of game %d out of range (file %d, line %d)", r.Game, r.File, r.Line)
	}
	return nil
}

// less orders records by fingerprint, then game: the order of a run.
func less(a, b *Record) bool {
	if c := a.FP.Compare(b.FP); c != 0 {
		return c < 0
	}
	return a.Game < b.Game
}

// Duplicate is a game whose fingerprint an earlier game has: Game is the
// later one, First the first occurrence.
type Duplicate struct {
	Game, First Record
	// Reported is the game Store.Add reported Game a duplicate of (the
	// earliest game with its fingerprint among those in memory then), -1
	// when it reported none, for games added in the order of their ids
	// (for games added out of order: the earliest game of the same
	// segment with a smaller id). It differs from First.Game when the first
	// occurrence had been spilled to a run before Game was added: the
	// caller learns of such duplicates only from Resolve. (ResolveRuns
	// cannot know: -1.)
	Reported int64
}

// SameTags reports whether the two occurrences have the same tags.
func (d *Duplicate) SameTags() bool { return d.Game.Tags == d.First.Tags }

const duplicateSize = 2*RecordSize + 8
