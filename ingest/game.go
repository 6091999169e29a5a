package ingest

// Game is one tokenized game. ParseGame fills it, reusing its slices, so a
// worker keeps one Game and parses game after game into it.
//
// Lifetime: the []byte fields (MoveToken.Text, comments) alias either the
// RawGame's data (the Block's buffer) or an arena inside the Game; they are
// valid until the next ParseGame into the same Game (and, for aliases of
// the block, until Block.Release). Strings (tags, ResultToken, notes) are
// ordinary Go strings and stay valid.
type Game struct {
	File   string // input name
	Index  int    // 0-based game index in the file
	Offset int64  // byte offset of the game's first byte in the decompressed stream
	Line   int    // 1-based line of the game's first byte

	Tags []Tag // in file order; duplicates kept (see Tag)

	// Moves is the main line: move tokens as written, without move numbers
	// and suffix glyphs; the chess core interprets them.
	Moves []MoveToken
	// PreComment is the text of the comments before the first move (after
	// the tags), joined by a space; comment commands are not extracted here.
	PreComment []byte
	// PostComment is the text of comments after the result token.
	PostComment []byte

	// ResultToken is the movetext terminator as written ("" if none);
	// Result its meaning. A non-standard spelling has a "result_spelling" note.
	ResultToken string
	Result      Result

	// Variations holds the recursive annotation variations (RAVs) unless
	// ParseOptions.MainLineOnly; their moves are in VarMoves.
	Variations []Variation
	VarMoves   []MoveToken

	// Notes are remarks about departures from the PGN standard that were
	// tolerated (see the Note* codes).
	Notes []Note
	// Transcoded is true when the game was not valid UTF-8 and was read as
	// Windows-1252, or Windows-1251 when its bytes look Cyrillic (columns
	// then count bytes of the transcoded text), or when the Reader read
	// its input as UTF-16 (RawGame.Encoding).
	Transcoded bool
	// Err is a *SyntaxError when the game could not be read completely
	// (unterminated comment or variation, nesting too deep, truncated
	// input); the game still holds everything read. nil otherwise.
	Err error

	// scratch, reused between games
	text     []byte // arena for edited/joined comment text
	tagArena []byte
	tagSpans []tagRef
	conv     []byte
	frames   []frame
	scratch  [][]MoveToken
	tagCache [24]nameCache // the previous game's tag names, by position
}

// tagRef locates a tag pair's name (unless interned) and value in
// g.tagArena, or, for the first tag lines of a game, which quickTags reads
// in place, in the game's data: finish then makes one string of those
// lines (names, quotes and line ends included, a few hundred bytes)
// instead of appending each value to the arena.
type tagRef struct {
	name   string // interned name, or "" when the name is at ns:ne
	ns, ne int
	vs, ve int
	inData bool // the offsets index the game's data, not the arena
}

type frame struct {
	varIdx int
}

// Tag returns the value of the first tag pair with the given name.
func (g *Game) Tag(name string) (string, bool) {
	for i := range g.Tags {
		if g.Tags[i].Name == name {
			return g.Tags[i].Value, true
		}
	}
	return "", false
}

// MoveToken is one move of a line as written, with what follows it.
type MoveToken struct {
	// Text is the move without move number and without suffix glyphs
	// (!, ?, !!, ??, !?, ?!) or a trailing "e.p.": e.g. "Nf3+", "exd6",
	// "0-0", "e8=Q", "Sf3", "--".
	Text []byte
	// Line and Col locate the token (1-based; Col counts bytes).
	Line, Col int
	// NAGs holds up to 4 annotation glyphs ($n, and suffixes: ! = 1, ? = 2,
	// !! = 3, ?? = 4, !? = 5, ?! = 6), NumNAGs how many; more are noted.
	NAGs    [4]uint8
	NumNAGs uint8
	// Comment is the text of the comments following the move, joined by a
	// space, with [%clk], [%emt] and [%eval] removed and white space trimmed.
	Comment []byte
	// ClockMS is [%clk] in milliseconds, EmtMS [%emt]; -1 when absent.
	ClockMS int64
	EmtMS   int64
	// EvalCP is [%eval] in centipawns when HasEvalCP; EvalMate is the
	// signed mate distance of [%eval #n] when HasEvalMate.
	EvalCP      int32
	EvalMate    int32
	HasEvalCP   bool
	HasEvalMate bool
	// EnPassantMark: the move was followed by "e.p.".
	EnPassantMark bool
	// DrawOffer: the move was followed by "(=)".
	DrawOffer bool
	// Null: the token is a null move ("--" or "Z0").
	Null bool
	// Variations counts the RAVs that follow this move (alternatives to it).
	Variations int
}

// NAGList returns the move's NAGs as a slice of its array.
func (m *MoveToken) NAGList() []uint8 { return m.NAGs[:m.NumNAGs] }

// Variation is one RAV. Its moves are VarMoves[Start:End]; it is an
// alternative to move Anchor of its parent line (the main line when Parent
// is -1, else Variations[Parent]'s moves); Anchor is -1 when the variation
// comes before any move of its parent line.
type Variation struct {
	Parent     int
	Anchor     int
	Start, End int
	Depth      int // 1 for a variation of the main line
	PreComment []byte
	Line, Col  int
}

// Note is a tolerated departure from the PGN standard, located in the file.
type Note struct {
	Code    string // one of the Note* constants
	Message string
	Line    int
	Col     int
}

// Note codes.
const (
	NoteResultSpelling    = "result_spelling"      // non-standard result spelling (½-½, 1:0, ...)
	NoteForfeit           = "forfeit"              // +/- or -/+ as result
	NoteDoubleForfeit     = "double_forfeit"       // 0-0 as result
	NoteMissingResult     = "missing_result"       // no result token at the end of the movetext
	NoteResultRecovered   = "result_recovered"     // result taken from inside an unterminated variation/comment
	NoteResultInVariation = "result_in_variation"  // a result token inside a variation (ignored)
	NoteTokenAfterResult  = "token_after_result"   // movetext after the result token (ignored)
	NoteEncoding          = "encoding_transcoded"  // not UTF-8: read as Windows-1252 (or 1251)
	NoteEncodingUndefined = "encoding_undefined"   // byte undefined in the code page -> U+FFFD
	NoteBOM               = "utf8_bom"             // UTF-8 byte order mark skipped
	NoteDrawOffer         = "draw_offer"           // (=) after a move
	NoteNullMove          = "null_move"            // -- or Z0
	NoteEnPassantMark     = "en_passant_mark"      // e.p. after a move
	NoteNestedComment     = "nested_comment"       // { inside a comment, read as nested
	NoteTagSyntax         = "tag_syntax"           // unquoted value, unescaped quote, missing ] ...
	NoteTagAfterMovetext  = "tag_after_movetext"   // a tag pair after the movetext began
	NoteUnexpectedChar    = "unexpected_char"      // stray ) or } or other byte, skipped
	NoteNAG               = "nag"                  // NAG without a move, out of range, or more than 4
	NoteBadCommand        = "bad_command"          // [%clk]/[%emt]/[%eval] with an unreadable value (kept as text)
	NoteCommentNoMove     = "comment_without_move" // comment commands with no move to attach to
	NoteDetachedSuffix    = "detached_suffix"      // "+" or "#" standing alone (ignored)
	NoteError             = "further_syntax_error" // a further error after Err
	NoteSuppressed        = "notes_suppressed"     // more than MaxNotes notes: the rest are only counted
)
