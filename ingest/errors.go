package ingest

import (
	"errors"
	"fmt"
	"io"
)

// Sentinel errors. They are wrapped in a *SyntaxError (for problems inside
// the text) or a *ReadError (for problems reading the stream); test for them
// with errors.Is.
var (
	// ErrGameTooLarge: a game is longer than Options.MaxGameSize; it is
	// skipped and reported, the games around it are read.
	ErrGameTooLarge = errors.New("game too large")
	// ErrLineTooLong: a FEN/EPD line is longer than Options.MaxGameSize.
	ErrLineTooLong = errors.New("line too long")
	// ErrNestingTooDeep: variations nest deeper than ParseOptions.MaxNesting.
	ErrNestingTooDeep = errors.New("variations nested too deeply")
	// ErrUnterminatedComment: a '{' comment is not closed before the game ends.
	ErrUnterminatedComment = errors.New("unterminated comment")
	// ErrUnterminatedVariation: a '(' variation is not closed before the game ends.
	ErrUnterminatedVariation = errors.New("unterminated variation")
	// ErrUnexpectedChar: a control byte (NUL, ...) in the movetext, as
	// binary or damaged data has; it is skipped and the game keeps what
	// was read. (A stray ')' or '}' is only a Note, code unexpected_char.)
	ErrUnexpectedChar = errors.New("unexpected character")
	// ErrTruncated: the input ended in the middle of a game because the
	// stream could not be read to its end (damaged or cut compressed data).
	ErrTruncated = errors.New("input truncated")
	// ErrGarbage: bytes between games that are neither tag pairs nor movetext;
	// they are skipped and reported with their byte range.
	ErrGarbage = errors.New("text between games is not PGN")
	// ErrUnsupportedFormat: the input is compressed or archived in a format
	// this package does not read (xz, zip, 7z, ...).
	ErrUnsupportedFormat = errors.New("unsupported compression or archive format")
)

// SyntaxError is a problem at a known place of the input, in the manner of
// encoding/csv's ParseError. Line and Column are 1-based; Column counts bytes
// of the (UTF-8) line. Offset is the byte offset in the decompressed stream.
// For games that were transcoded from Windows-1252 the column and offset
// refer to the transcoded text; the line is exact.
type SyntaxError struct {
	File   string // input name as given to NewReader / Open
	Game   int    // 0-based game index in the file (-1 when between games)
	Line   int    // 1-based line
	Column int    // 1-based byte column
	Offset int64  // byte offset in the decompressed stream
	Err    error  // one of the sentinel errors, possibly wrapped
}

// Error formats the error as "file:line:column: game N: problem".
func (e *SyntaxError) Error() string {
	if e.Game < 0 {
		return fmt.Sprintf("%s:%d:%d: offset %d: %v", e.File, e.Line, e.Column, e.Offset, e.Err)
	}
	return fmt.Sprintf("%s:%d:%d: game %d: %v", e.File, e.Line, e.Column, e.Game, e.Err)
}

// Unwrap returns the underlying error.
func (e *SyntaxError) Unwrap() error { return e.Err }

// ReadError is a failure of the underlying stream (I/O error, damaged or
// truncated compressed data). Offset is the number of decompressed bytes
// delivered before the failure; CompressedOffset the number of bytes of the
// file consumed at that point (the damage is at or before it; compressed
// readers read ahead, so it is an upper bound).
type ReadError struct {
	File             string
	Offset           int64
	CompressedOffset int64
	Err              error
}

// Error names the file and both offsets.
func (e *ReadError) Error() string {
	return fmt.Sprintf("ingest %s: read error after %d decompressed bytes (file offset %d): %v",
		e.File, e.Offset, e.CompressedOffset, e.Err)
}

// Unwrap returns the underlying error and ErrTruncated (the stream ended
// early), so that errors.Is(err, ErrTruncated) holds.
func (e *ReadError) Unwrap() []error {
	return []error{e.Err, ErrTruncated}
}

// Codes name what stopped an input as a whole (InputError.Code, ErrorCode)
// and, for the last three, the finding of the game a failing stream cut.
const (
	// CodeNotPGN: binary data, or text with neither a tag pair nor a line
	// of movetext in its first block (a PNG, a CSV, a letter).
	CodeNotPGN = "not_pgn"
	// CodeEmptyInput: nothing, or nothing but white space.
	CodeEmptyInput = "empty_input"
	// CodeUnsupportedFormat: compressed or archived in a format not read.
	CodeUnsupportedFormat = "unsupported_format"
	// CodeWindowTooLarge: a zstd stream whose window is over
	// Options.MaxWindow (the message gives the size it needs).
	CodeWindowTooLarge = "window_too_large"
	// CodeNoInput: a directory or a glob pattern that yields no input.
	CodeNoInput = "no_input"
	// CodeInputUnreadable: the input could not be opened or read.
	CodeInputUnreadable = "input_unreadable"
	// CodeInputTruncated: the stream ended early (damaged or cut
	// compressed data, an I/O error); the games before were read.
	CodeInputTruncated = "input_truncated"
	// CodeInputBomb: the decompressed stream went over Options.MaxBytes
	// or Options.MaxExpansion; the games before were read.
	CodeInputBomb = "input_bomb"
	// CodeFrameCorrupt: a frame of a multi-frame zstd file could not be
	// decoded; its text is left out, the other frames are read.
	CodeFrameCorrupt = "frame_corrupt"
)

var (
	// ErrNotPGN: see CodeNotPGN.
	ErrNotPGN = errors.New("not PGN")
	// ErrEmptyInput: see CodeEmptyInput.
	ErrEmptyInput = errors.New("empty input")
	// ErrWindowTooLarge: see CodeWindowTooLarge.
	ErrWindowTooLarge = errors.New("zstd window over the limit")
	// ErrInputLimit: see CodeInputBomb.
	ErrInputLimit = errors.New("decompressed size over the limit")
	// ErrNoInput: see CodeNoInput.
	ErrNoInput = errors.New("no input")
)

// InputError is a problem with an input as a whole, found before any game
// of it was delivered: the input yields no game.
type InputError struct {
	File string
	Code string // one of the Code* constants
	Line int    // the first offending line (1-based), 0 when none applies
	Err  error  // a sentinel error, wrapped with the details
}

// Error reads "ingest FILE: CODE: details".
func (e *InputError) Error() string {
	return fmt.Sprintf("ingest %s: %s: %v", e.File, e.Code, e.Err)
}

// Unwrap returns the underlying error.
func (e *InputError) Unwrap() error { return e.Err }

// ErrorCode returns the code of an error of Expand, Open, OpenContext or
// Reader.Next (one of the Code* constants): an InputError's own code,
// frame_corrupt for a FrameError, else input_bomb, window_too_large,
// unsupported_format, input_truncated or no_input by the sentinel the
// error wraps, else input_unreadable. It
// returns "" for nil and io.EOF.
func ErrorCode(err error) string {
	var ie *InputError
	var fe *FrameError
	switch {
	case err == nil || err == io.EOF:
		return ""
	case errors.As(err, &ie):
		return ie.Code
	case errors.As(err, &fe):
		return CodeFrameCorrupt
	case errors.Is(err, ErrInputLimit):
		return CodeInputBomb
	case errors.Is(err, ErrWindowTooLarge):
		return CodeWindowTooLarge
	case errors.Is(err, ErrUnsupportedFormat):
		return CodeUnsupportedFormat
	case errors.Is(err, ErrTruncated):
		return CodeInputTruncated
	case errors.Is(err, ErrNoInput):
		return CodeNoInput
	}
	return CodeInputUnreadable
}
