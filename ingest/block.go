package ingest

// Options configure a Reader. The zero value is usable.
type Options struct {
	// Kind forces PGN or position (FEN/EPD) reading; KindAuto looks at the
	// content (Open passes the kind the file name suggests).
	Kind Kind
	// BlockBytes is the target size of a block's game data (default 2 MiB).
	BlockBytes int
	// BlockGames is the most games (or positions) in one block (default 4096).
	BlockGames int
	// MaxGameSize is the largest game (or position line) kept, in bytes
	// (default 16 MiB); a larger one is skipped and reported with
	// ErrGameTooLarge (ErrLineTooLong), and reading goes on after it.
	MaxGameSize int
	// DecoderConcurrency is passed to the zstd decoder (default GOMAXPROCS,
	// at most 4). Above 1 the decoder runs as a pipeline of goroutines
	// (block decoding, sequence decoding, sequence execution) with that
	// many blocks in flight, which decodes faster than one goroutine
	// when a second core is free; 1 decodes in one goroutine (the
	// read-ahead goroutine, or the caller's with NoReadAhead).
	DecoderConcurrency int
	// MaxWindow caps the zstd window accepted (default MaxZstdWindow, 2 GiB,
	// needed for `zstd --long=31` files such as the Lichess dumps). The
	// decoder allocates the window a stream's header asks for, so a smaller
	// cap bounds the memory an untrusted upload can claim; a stream over the
	// cap fails with a *ReadError.
	MaxWindow int64
	// MaxBytes stops reading an input after this many decompressed bytes
	// (0: no limit); the game being read is cut (RawGame.Limited) and
	// Next returns a *ReadError wrapping ErrInputLimit.
	MaxBytes int64
	// MaxExpansion stops reading a compressed input whose decompressed
	// bytes exceed this many times the compressed bytes read, once past
	// ExpansionFloor (a decompression bomb), as MaxBytes does. 0 means
	// DefaultMaxExpansion; a negative value turns the limit off.
	MaxExpansion int64
	// NoContentCheck turns off the judging of an input's start
	// (checkContent): by default an empty input, binary data, and text
	// with neither a tag pair nor a line of movetext in its first 2 MiB
	// fail with an *InputError before any block; with it, such input is
	// read as garbage between games like any other text (for tests that
	// account for every byte).
	NoContentCheck bool
	// NoReadAhead turns off decompressing in a separate goroutine ahead of
	// the splitter (on by default for compressed inputs, so that decoding
	// and splitting overlap).
	NoReadAhead bool
}

// freeBuffers is how many released block buffers a Reader keeps for reuse
// (the blocks in flight in a pipeline are a few per worker).
const freeBuffers = 8

// Defaults used for zero Options fields.
const (
	DefaultBlockBytes  = 2 << 20
	DefaultBlockGames  = 4096
	DefaultMaxGameSize = 16 << 20
)

func (o *Options) setDefaults() {
	if o.BlockBytes <= 0 {
		o.BlockBytes = DefaultBlockBytes
	}
	if o.BlockGames <= 0 {
		o.BlockGames = DefaultBlockGames
	}
	if o.MaxGameSize <= 0 {
		o.MaxGameSize = DefaultMaxGameSize
	}
	if o.MaxWindow <= 0 || o.MaxWindow > MaxZstdWindow {
		o.MaxWindow = MaxZstdWindow
	}
	if o.MaxExpansion == 0 {
		o.MaxExpansion = DefaultMaxExpansion
	}
}

// RawGame is the text of one game as cut from the stream, not yet tokenized.
type RawGame struct {
	// Data is the game's bytes, from its first tag (or first movetext line)
	// up to the start of the next game, trailing blank lines included. It
	// aliases the block's buffer.
	Data []byte
	// Offset is the byte offset of Data[0] in the decompressed stream.
	Offset int64
	// Line and Col locate Data[0] (1-based). Col is 1 except for games that
	// start in the middle of a line (after a result token on the same line).
	Line, Col int
	// Index is the 0-based index of the game in its file. Games skipped by
	// the reader keep their index (see Skip), so delivered indexes can have gaps.
	Index int
	// Truncated is set when the stream failed inside this game; ParseGame
	// then reports ErrTruncated, or ErrInputLimit when Limited: the
	// stream was stopped at Options.MaxBytes or MaxExpansion.
	Truncated bool
	Limited   bool
	// Encoding is the encoding the Reader transcoded the input from
	// (UTF-16); ParseGame notes it (NoteEncoding).
	Encoding TextEncoding
}

// RawPosition is one line of a FEN/EPD file.
type RawPosition struct {
	Text   []byte // the line without its line end; aliases the block's buffer
	Offset int64  // byte offset of the line in the decompressed stream
	Size   int    // bytes of the line in the stream, line end included
	Line   int    // 1-based line number
	Index  int    // 0-based index among the file's positions
}

// Skip reports a byte range that was not delivered as a game or position:
// a game or line over the size cap (Index is its game/position index) or
// garbage between games (Index is -1). Err is a *SyntaxError locating the
// range's start and wrapping ErrGameTooLarge, ErrLineTooLong or ErrGarbage.
type Skip struct {
	Index  int
	Offset int64
	Length int64
	Line   int
	Err    error
}

// Block is a batch of consecutive games (or positions) of one file. Blocks
// are independent: their data stay valid while the Block is referenced (or
// until Release), so they can be tokenized in parallel.
type Block struct {
	Seq       int    // 0-based sequence number of the block in its file
	File      string // input name
	Kind      Kind   // KindPGN or KindPositions
	Games     []RawGame
	Positions []RawPosition
	Skipped   []Skip
	// Offset and Bytes give the range of the decompressed stream this block
	// accounts for: the blocks of a file tile the stream exactly.
	Offset int64
	Bytes  int64
	// Last is true for the final block of the file.
	Last bool

	buf  []byte
	free chan []byte
}

// Release gives the block's buffer back to its Reader for reuse. It is
// optional; after it, no RawGame/RawPosition of the block (nor any Game
// parsed from them that aliases their bytes) may be used.
func (b *Block) Release() {
	if b.free != nil && b.buf != nil {
		select {
		case b.free <- b.buf[:0]:
		default: // enough are waiting
		}
	}
	b.buf, b.free = nil, nil
	b.Games, b.Positions = nil, nil
}

// Stats account for every byte and every game of an input. When reading has
// ended, Bytes == GameBytes + PositionBytes + SkippedBytes + GarbageBytes +
// IgnoredBytes, and GamesSeen == Games + SkippedGames.
type Stats struct {
	Compression     Compression
	Kind            Kind
	Bytes           int64 // decompressed bytes read
	CompressedBytes int64 // bytes read from the underlying reader
	Lines           int   // lines read (a final line without '\n' counts)
	GameBytes       int64 // bytes in delivered games
	PositionBytes   int64 // bytes in delivered position lines (line ends included)
	SkippedBytes    int64 // bytes of games/lines skipped as too large
	GarbageBytes    int64 // bytes of garbage between games
	IgnoredBytes    int64 // blank lines and % lines before the first game; blank and '#' lines of position files
	GamesSeen       int   // games found (delivered + skipped)
	Games           int   // games delivered
	SkippedGames    int   // games skipped (see SkipReasons)
	Positions       int   // positions delivered
	SkippedLines    int   // position lines skipped as too long
	BlankLines      int   // position files: blank lines
	CommentLines    int   // position files: '#' lines
	GarbageRanges   int   // garbage ranges reported
	TruncatedGames  int   // games cut by a read error
	Blocks          int
	SkipReasons     map[string]int // reason (error text) -> count, for skipped games and lines
	// Problems lists the first MaxReportedProblems skips (games and garbage),
	// in stream order; all of them are in the blocks' Skipped lists.
	Problems []Skip
	// FrameErrors lists the frames of a multi-frame zstd file that could
	// not be decoded (their text is left out).
	FrameErrors []*FrameError
}

// MaxReportedProblems caps Stats.Problems.
const MaxReportedProblems = 1000
