package sheet

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// DefaultMax is how many games of each kind the correction sheet shows in
// full by default.
const DefaultMax = 200

// Options choose what the page shows.
type Options struct {
	// Level is the least severity listed on the correction sheet:
	// "warning" (the default: errors and warnings), "error" or "info".
	// Findings below it are counted, not listed (a listed game still
	// shows all its findings).
	Level string
	// Max is how many games of each kind are shown in full (0: DefaultMax);
	// the others are counted, with the query that lists them.
	Max int
	// Lang is the language of the page: "en" (the default), "de", or the
	// code of any other table in lang/.
	Lang string
}

// Check validates the options and fills in the defaults.
func (o *Options) Check() error {
	switch o.Level {
	case "":
		o.Level = "warning"
	case "error", "warning", "info":
	default:
		return fmt.Errorf("sheet: level %q: want error, warning or info", o.Level)
	}
	if o.Max < 0 {
		return fmt.Errorf("sheet: max %d: want 0 or more", o.Max)
	}
	if o.Max == 0 {
		o.Max = DefaultMax
	}
	if _, err := LangFor(o.Lang); err != nil {
		return err
	}
	if o.Lang == "" {
		o.Lang = "en"
	}
	return nil
}

// severityRank orders severities: error 0, warning 1, info 2.
func severityRank(s string) int {
	switch s {
	case "error":
		return 0
	case "warning":
		return 1
	}
	return 2
}

// listed reports whether a finding of severity sev is listed at level.
func listed(sev, level string) bool { return severityRank(sev) <= severityRank(level) }

// Finding is what a block shows of one finding of a game.
type Finding struct {
	Kind     string
	Severity string // "error", "warning", "info"
	Article  string // FIDE Laws 2023, "" when none
	Ply      int    // 1-based ply of the move; 0 the start position; -1 the game as a whole
	// MoveNumber and Black give the move of Ply (when Ply > 0).
	MoveNumber int
	Black      bool
	SAN        string // the move as written
	FEN        string // the position before the move, or the one concerned
	Witness    string // a helpmate line in English SAN (minor_piece_win)
	Line       int    // source line
	// Count is a number the finding states (check_mark: the moves with a
	// wrong mark).
	Count int
	// Code details kinds whose sentence depends on more than the fields
	// above: the note code of a tokenizer note, the error of a syntax
	// error or a skipped game ("game_too_large", "unterminated_comment",
	// ...), the FEN problem codes of a start position (comma-separated),
	// "unreadable" for a FEN tag that cannot be read.
	Code string
	// Detail is text from the input or from the program that a sentence
	// quotes: a skipped game's size and offset, an internal error.
	Detail string
	// Comment is the comment after the move, as written (clipped).
	Comment string
}

// Game is what a block of the correction sheet needs of one game.
type Game struct {
	ID     int64
	File   string
	Line   int
	Offset int64
	// Tags as written ("" when absent).
	Event, Site, Date, Round, White, Black, WhiteElo, BlackElo string
	ResultTag, ResultToken, Termination, Variant, TimeControl  string
	// Recorded is the recorded result, normalized ("1-0", "0-1",
	// "1/2-1/2", "*"; "" when unreadable); ResultByRules the result the
	// Laws fix ("" when they fix none).
	Recorded, ResultByRules string
	Audited                 bool
	Chess960                bool
	Language                string // the notation language the moves were read in ("English", "German", ...)
	EndKind                 string // "checkmate", "stalemate", ... ("" when none)
	EndPly                  int
	PliesRecorded           int
	PliesReplayed           int
	FinalFEN                string // the last replayed position (audited games)
	Findings                []Finding

	// Kinds are the distinct kinds of the game's listed findings, Ranks
	// the game's rank among the games of the block with that kind
	// (1-based): the Collector adds the games of earlier blocks.
	Kinds []string
	Ranks []int
}

// Block is what a Picker keeps of one block of games.
type Block struct {
	Games []Game         // the games that may be shown, in input order
	Seen  map[string]int // games of the block per listed kind, shown or not
}

// Picker chooses, block by block, the games a Collector may keep: those
// among the first Max of the block for one of their listed kinds. One
// Picker belongs to one worker.
type Picker struct {
	opt   Options
	block *Block
}

// NewPicker returns a Picker for opt (see Options.Check).
func NewPicker(opt Options) *Picker {
	if opt.Max <= 0 {
		opt.Max = DefaultMax
	}
	if opt.Level == "" {
		opt.Level = "warning"
	}
	return &Picker{opt: opt}
}

// Consider counts a game with findings of the given kinds and severities
// (parallel slices) and reports whether it may be shown: call Keep with
// its Game if so.
func (p *Picker) Consider(kinds, severities []string) bool {
	if p.block == nil {
		p.block = &Block{Seen: map[string]int{}}
	}
	want := false
	var buf [8]string
	seen := buf[:0]
	for i, k := range kinds {
		if !listed(severities[i], p.opt.Level) || slices.Contains(seen, k) {
			continue
		}
		seen = append(seen, k)
		p.block.Seen[k]++
		if p.block.Seen[k] <= p.opt.Max {
			want = true
		}
	}
	return want
}

// Keep adds the game last considered. It sets g.Kinds and g.Ranks from
// g.Findings.
func (p *Picker) Keep(g Game) {
	g.Kinds, g.Ranks = g.Kinds[:0], g.Ranks[:0]
	for _, f := range g.Findings {
		if listed(f.Severity, p.opt.Level) && !slices.Contains(g.Kinds, f.Kind) {
			g.Kinds = append(g.Kinds, f.Kind)
			g.Ranks = append(g.Ranks, p.block.Seen[f.Kind])
		}
	}
	p.block.Games = append(p.block.Games, g)
}

// Forget drops the game last kept if it has the given id (a game whose
// judging failed after it was kept, and is offered again as failed).
func (p *Picker) Forget(id int64) {
	if b := p.block; b != nil && len(b.Games) > 0 && b.Games[len(b.Games)-1].ID == id {
		b.Games = b.Games[:len(b.Games)-1]
	}
}

// Take returns the block's picks and starts a new block; nil when the
// block had no game with a listed finding.
func (p *Picker) Take() *Block {
	b := p.block
	p.block = nil
	return b
}

// Collector keeps the first Max games of each listed kind, fed the blocks
// in input order.
type Collector struct {
	opt   Options
	seen  map[string]int // games per kind so far, shown or not
	Games []Game         // the games shown, in input order
}

// NewCollector returns an empty Collector.
func NewCollector(opt Options) *Collector {
	if opt.Max <= 0 {
		opt.Max = DefaultMax
	}
	return &Collector{opt: opt, seen: map[string]int{}}
}

// Add takes the picks of the next block (nil is no block).
func (c *Collector) Add(b *Block) {
	if b == nil {
		return
	}
	for i := range b.Games {
		g := &b.Games[i]
		for k, kind := range g.Kinds {
			if c.seen[kind]+g.Ranks[k] <= c.opt.Max {
				// Kept with its ranks among all the collector's games,
				// so that Block can hand them on.
				kept := *g
				kept.Ranks = make([]int, len(g.Ranks))
				for j, kd := range g.Kinds {
					kept.Ranks[j] = c.seen[kd] + g.Ranks[j]
				}
				c.Games = append(c.Games, kept)
				break
			}
		}
	}
	for k, n := range b.Seen {
		c.seen[k] += n
	}
}

// Block returns what the collector holds as one block, for a collector of
// more input (the part of a run that one machine read, added to the
// run's collector in input order, gives the page a run on one machine
// gives).
func (c *Collector) Block() *Block {
	if len(c.Games) == 0 && len(c.seen) == 0 {
		return nil
	}
	return &Block{Games: slices.Clone(c.Games), Seen: maps.Clone(c.seen)}
}

// Seen returns how many games have a listed finding of kind.
func (c *Collector) Seen(kind string) int { return c.seen[kind] }

// Shown returns how many of the games shown have a listed finding of kind.
func (c *Collector) Shown(kind string) int {
	n := 0
	for i := range c.Games {
		if slices.Contains(c.Games[i].Kinds, kind) {
			n++
		}
	}
	return n
}

// clip shortens s to at most n bytes at a rune boundary, with "…".
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && !utf8RuneStart(s[cut]) {
		cut--
	}
	return strings.TrimSpace(s[:cut]) + "…"
}

func utf8RuneStart(b byte) bool { return b&0xC0 != 0x80 }
