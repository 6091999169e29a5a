package plan

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
)

// Format is the version of the plan's JSON layout.
const Format = 1

// OffsetBits is how many low bits of a game id hold the offset in the
// source's decompressed text: 1 TiB per source, 2^23 sources.
const OffsetBits = 40

// MaxOffset is the largest offset a game id can hold.
const MaxOffset = 1<<OffsetBits - 1

// MaxSource is the largest source number.
const MaxSource = 1<<(63-OffsetBits) - 1

// GameID is the id of the game (or position) that starts offset bytes into
// the decompressed text of source: the same whoever reads it.
func GameID(source int, offset int64) int64 { return int64(source)<<OffsetBits | offset }

// SplitID returns the source number and offset of a game id.
func SplitID(id int64) (source int, offset int64) { return int(id >> OffsetBits), id & MaxOffset }

// Plan is a deterministic list of work units over a run's inputs.
type Plan struct {
	Format    int    `json:"format"`
	Tool      string `json:"tool"` // "arbiter"
	Version   string `json:"version"`
	Rulebook  string `json:"rulebook"`
	Schema    string `json:"schema_version"`
	BlockSize int64  `json:"block_size"`
	// Exact says that every unit's Offset and Line are known (a plan for
	// run-block); a plan for a run on one machine leaves them to the
	// reader, which reads each source from its start.
	Exact bool `json:"exact"`
	// Audit holds the options every unit must be audited with.
	Audit AuditOptions `json:"audit"`
	// Sources are the inputs this run reads; Unchanged the inputs an
	// incremental run found covered by the output folder's manifests.
	Sources   []Source `json:"sources"`
	Unchanged []Source `json:"unchanged,omitempty"`
	// Units lists the work, in input order.
	Units []Unit `json:"units"`
	// Failed lists the inputs that could not be planned (unreadable,
	// missing): the commit reports them as the run's failed inputs.
	Failed []Failed `json:"failed,omitempty"`
}

// Failed is an input the plan could not take.
type Failed struct {
	Path      string `json:"path"`
	Error     string `json:"error"`
	ErrorCode string `json:"error_code,omitempty"`
}

// AuditOptions are the audit settings that change what a unit writes.
type AuditOptions struct {
	Tables []string `json:"tables,omitempty"` // tables chosen (games, moves, ...); none: every table that applies
	FEN    bool     `json:"fen"`              // the moves table's fen column
	// Duplicates finds duplicate games, DupMinPlies the short-game rule.
	Duplicates  bool `json:"duplicates"`
	DupMinPlies int  `json:"dup_min_plies,omitempty"`
	// TieBreaks and Standings are the ranking order of every event and
	// the standings read from the games (see package audit).
	TieBreaks []string `json:"tiebreaks,omitempty"`
	Standings string   `json:"standings,omitempty"`
	// Report is "none" for no HTML report; ReportLevel, ReportMax and
	// ReportLang choose what it shows.
	Report      string `json:"report,omitempty"`
	ReportLevel string `json:"report_level,omitempty"`
	ReportMax   int    `json:"report_max,omitempty"`
	ReportLang  string `json:"report_lang,omitempty"`
	// Partition is "month" for tables in Hive partitions by month.
	Partition string `json:"partition,omitempty"`
}

// Source is one input.
type Source struct {
	ID          int    `json:"id"`
	Path        string `json:"path"`
	Size        int64  `json:"size"`             // as stored; -1 for a pipe or standard input
	SHA256      string `json:"sha256,omitempty"` // of the file as stored, hex
	Kind        string `json:"kind"`             // pgn, positions, trf, or auto (decided by the reader)
	Compression string `json:"compression"`      // none, zstd, gzip, bzip2
	Frames      int    `json:"frames,omitempty"` // zstd frames, when the file has several
}

// Unit is a range of one source's decompressed text that starts at a game
// (or at the source's first byte).
type Unit struct {
	Source int `json:"source"` // Source.ID
	// Start is where reading begins in the file as stored: 0, or the start
	// of the zstd frame that holds the unit's first byte. Skip is the
	// number of decompressed bytes before that byte.
	Start int64 `json:"start"`
	Skip  int64 `json:"skip"`
	// Offset is the decompressed offset of the unit's first byte, Line its
	// line number (1-based). Length is the unit's size in decompressed
	// bytes, -1 for the rest of the source.
	Offset int64 `json:"offset"`
	Line   int   `json:"line"`
	Length int64 `json:"length"`
}

// Name is the unit's part-name stem: its source number and offset, so that
// a rerun, a retry or a speculative duplicate names its files the same,
// and the names sort in input order.
func (u Unit) Name() string { return PartStem(u.Source, u.Offset) }

// PartStem is the stem of the part files of the rows that begin at offset
// in source.
func PartStem(source int, offset int64) string { return fmt.Sprintf("%05d-%013d", source, offset) }

// Source returns the source with the given number, or nil.
func (p *Plan) Source(id int) *Source {
	for i := range p.Sources {
		if p.Sources[i].ID == id {
			return &p.Sources[i]
		}
	}
	return nil
}

// ErrVersion is wrapped by Check's error when the plan was made by another
// version of Arbiter: its units could be cut or judged differently.
var ErrVersion = errors.New("plan made by another version of arbiter")

// Check returns an error when the plan cannot be run by this build.
func (p *Plan) Check(version, rulebook, schema string) error {
	switch {
	case p.Format != Format:
		return fmt.Errorf("plan: format %d, this arbiter reads format %d", p.Format, Format)
	case p.Version != version:
		return fmt.Errorf("%w: made by %s, this is %s", ErrVersion, p.Version, version)
	case p.Rulebook != rulebook || p.Schema != schema:
		return fmt.Errorf("%w: rulebook %q schema %s, this is %q schema %s", ErrVersion, p.Rulebook, p.Schema, rulebook, schema)
	}
	for _, u := range p.Units {
		if p.Source(u.Source) == nil {
			return fmt.Errorf("plan: unit %s names no source", u.Name())
		}
	}
	return nil
}

// Write writes the plan as indented JSON.
func (p *Plan) Write(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(p)
}

// Read reads a plan written by Write.
func Read(r io.Reader) (*Plan, error) {
	var p Plan
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("plan: %w", err)
	}
	if p.Tool != "arbiter" {
		return nil, errors.New("plan: not an arbiter plan")
	}
	return &p, nil
}

// ReadFile reads the plan in the named file.
func ReadFile(name string) (*Plan, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, fmt.Errorf("plan: %w", err)
	}
	defer f.Close()
	p, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return p, nil
}
