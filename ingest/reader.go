package ingest

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
)

// Reader cuts a (possibly compressed) stream into blocks of games or
// positions. It is a pull API in the manner of bufio.Scanner:
//
//	r := ingest.NewReader(f, name, ingest.Options{})
//	for {
//		b, err := r.Next()
//		if err == io.EOF {
//			break
//		}
//		if err != nil {
//			return err // a *ReadError: damaged stream; earlier blocks were complete
//		}
//		for _, raw := range b.Games {
//			err := ingest.ParseGame(raw, b.File, ingest.ParseOptions{}, &g)
//			...
//		}
//	}
//
// Splitting is cheap and sequential; ParseGame is a plain function that
// workers call on the games of the blocks they receive. A Reader is not safe
// for concurrent use, except CompressedBytesRead.
type Reader struct {
	name string
	opts Options
	file *os.File
	cnt  *countingReader
	// OpenContext's: the run's context, the stop of the watch that closes
	// the file when it is done, and the restore of standard input's mode
	ctx       context.Context
	stopWatch func() bool
	restore   func()

	src      io.Reader
	release  func()
	started  bool
	checked  bool         // the first buffer was judged (checkContent)
	encoding TextEncoding // UTF-16 transcoded by the Reader
	eof      bool         // src returned io.EOF or an error
	readErr  error        // non-EOF error from src
	done     bool
	final    error // returned by Next after the last block

	// buf[:n] holds stream bytes from absolute offset base
	buf    []byte
	n      int
	base   int64
	scan   int  // scan position in buf
	pinned bool // buf belongs to the last emitted block

	// the open segment
	segKind  int
	segStart int64
	segLine  int
	segCol   int
	segIndex int
	discard  bool // bytes of the open segment are not kept

	sp        splitter
	posLines  int // lines read in a position file
	gameIndex int
	posIndex  int
	seq       int
	stats     Stats
	// free holds buffers of released blocks for the next blocks. A
	// channel, not a sync.Pool: a pool registers itself with the runtime,
	// which then keeps it (and the whole Reader around it, buffers
	// included) alive for two garbage collections, and a run of many
	// small inputs (fuzzing) then holds gigabytes.
	free      chan []byte
	forcePart bool  // scan a partial line (no '\n') that the buffer cannot hold, cut anywhere
	nlChecked int64 // absolute offset up to which no '\n' was found past the scan position

	rng    Range        // the part of the file read (see OpenRange)
	frames *frameReader // decodes a multi-frame zstd file, or nil
	// wantPartial: scan the start of a line longer than the buffer, as far
	// as the splitter can judge it without its end (see splitter.partial);
	// partialAt is the stream offset of the data end when it was last tried.
	wantPartial bool
	partialAt   int64
}

// Segment kinds: every byte of the stream belongs to exactly one segment.
const (
	segIgnored = iota
	segGame
	segGarbage
	segPosition
)

// NewReader returns a Reader over r. The compression (zstd, gzip, bzip2 or
// none) is detected from the first bytes, whatever the name. name is used
// in errors and blocks.
func NewReader(r io.Reader, name string, opts Options) *Reader {
	opts.setDefaults()
	rd := &Reader{name: name, opts: opts, rng: WholeFile, free: make(chan []byte, freeBuffers)}
	rd.cnt = &countingReader{r: r}
	rd.sp.line = 1
	rd.segLine, rd.segCol = 1, 1
	rd.discard = true // leading ignored segment
	rd.stats.SkipReasons = map[string]int{}
	return rd
}

// Name returns the input name.
func (r *Reader) Name() string { return r.name }

// Compression returns the compression detected (valid after the first Next).
func (r *Reader) Compression() Compression { return r.stats.Compression }

// Kind returns KindPGN or KindPositions once the first block is read.
func (r *Reader) Kind() Kind { return r.opts.Kind }

// Close stops the read-ahead goroutine, releases the decoder and closes the
// file opened by Open. It must be called when a Reader over compressed
// data is abandoned before the end of its input.
func (r *Reader) Close() error {
	if r.stopWatch != nil {
		r.stopWatch()
		r.stopWatch = nil
	}
	if r.restore != nil {
		r.restore()
		r.restore = nil
	}
	if r.release != nil {
		r.release()
		r.release = nil
	}
	if r.file != nil {
		err := r.file.Close()
		r.file = nil
		return err
	}
	return nil
}

// CompressedBytesRead returns the number of bytes consumed from the
// underlying reader (the file) so far. It may be called from any goroutine,
// e.g. by a progress bar. Decoders read ahead, so it runs a little ahead of
// the games delivered.
func (r *Reader) CompressedBytesRead() int64 { return r.cnt.n.Load() }

// Stats returns the accounting so far; after Next has returned io.EOF or an
// error it covers the whole input.
func (r *Reader) Stats() Stats {
	s := r.stats
	s.CompressedBytes = r.cnt.n.Load()
	s.Kind = r.opts.Kind
	if r.opts.Kind == KindPositions {
		s.Lines = r.posLines
	} else {
		s.Lines = r.sp.line - 1
		if r.sp.midLine {
			s.Lines++
		}
	}
	s.SkipReasons = make(map[string]int, len(r.stats.SkipReasons))
	for k, v := range r.stats.SkipReasons {
		s.SkipReasons[k] = v
	}
	s.Problems = append([]Skip(nil), r.stats.Problems...)
	if r.frames != nil {
		s.FrameErrors = append([]*FrameError(nil), r.frames.errs...)
	}
	return s
}

func (r *Reader) start() error {
	r.started = true
	c := CompressionZstd
	if r.frames != nil { // decoded frame by frame (see OpenRange)
		r.src, r.release = r.rangeSource(r.frames), r.frames.close
	} else {
		src, cc, rel, err := openStream(r.cnt, &r.opts)
		if err != nil {
			return fmt.Errorf("ingest %s: %w", r.name, err)
		}
		c = cc
		src = r.rangeSource(src)
		r.src, r.release = src, rel
		if c != CompressionNone && !r.opts.NoReadAhead {
			ra := newReadAhead(src)
			r.src = ra
			r.release = func() {
				ra.close()
				rel()
			}
		}
	}
	r.stats.Compression = c
	if r.opts.MaxBytes > 0 || c != CompressionNone && r.opts.MaxExpansion > 0 {
		r.src = &limitReader{r: r.src, cnt: r.cnt, maxBytes: r.opts.MaxBytes, ratio: r.opts.MaxExpansion, compressed: c != CompressionNone}
	}
	// UTF-16 is transcoded as a whole, before the stream is split
	pk := bufio.NewReaderSize(r.src, utf16Sniff)
	head, _ := pk.Peek(utf16Sniff) // an error comes again at the next read
	r.src = pk
	if r.encoding = sniffUTF16(head); r.encoding != EncodingUTF8 {
		r.src = utf16Reader(pk, r.encoding)
	}
	r.src = newCRReader(r.src)
	r.buf = r.newBuf(r.bufSize())
	return nil
}

// utf16Sniff is how much of the decompressed stream is looked at for UTF-16.
const utf16Sniff = 4 << 10

// bufSize is the size of a block's buffer: the block's bytes and some
// room for the game that ends it.
func (r *Reader) bufSize() int { return r.opts.BlockBytes + min(64<<10, r.opts.BlockBytes) }

// contentWindow is how much of an input's start is judged (checkContent)
// and at least what Peek can see.
const contentWindow = DefaultBlockBytes

// prime reads the first contentWindow bytes (or the whole input, when
// smaller) into the buffer, grown as needed, for Peek and for the checks
// of the first Next.
func (r *Reader) prime() error {
	if !r.started {
		if err := r.start(); err != nil {
			return err
		}
	}
	for !r.eof && r.n < max(contentWindow, len(r.buf)) {
		if r.n == len(r.buf) {
			nb := make([]byte, min(2*len(r.buf), max(contentWindow, len(r.buf))))
			copy(nb, r.buf[:r.n])
			r.buf = nb
		}
		r.fill(nil)
	}
	return nil
}

// Peek returns the first decompressed bytes of the input, up to n (all of
// them when the input is shorter), without consuming them, so that a
// caller can recognise by content an input it reads itself (a FIDE TRF,
// see Content). The bytes are the Reader's: valid until the first Next.
// Peek reads the input only once: a pipe or standard input loses nothing.
func (r *Reader) Peek(n int) ([]byte, error) {
	if r.checked || r.done {
		return nil, fmt.Errorf("ingest %s: %w", r.name, errPeekLate)
	}
	if err := r.prime(); err != nil {
		r.done, r.final = true, err
		return nil, err
	}
	if r.n == 0 && r.readErr != nil {
		return nil, &ReadError{File: r.name, CompressedOffset: r.cnt.n.Load(), Err: r.readErr}
	}
	return r.buf[:min(n, r.n)], nil
}

var errPeekLate = errors.New("Peek or Content after Next")

// Content returns the whole decompressed content of the input from its
// start (the bytes Peek saw, then the rest of the stream), for an input
// that the caller reads itself instead of as games. After it the Reader
// delivers no blocks; Close still releases the decoder and the file.
func (r *Reader) Content() (io.Reader, error) {
	if _, err := r.Peek(0); err != nil {
		return nil, err
	}
	r.done, r.final = true, errContentTaken
	head := r.buf[:r.n]
	if r.eof {
		if r.readErr != nil {
			return io.MultiReader(bytes.NewReader(head), errReader{r.readErr}), nil
		}
		return bytes.NewReader(head), nil
	}
	return io.MultiReader(bytes.NewReader(head), r.src), nil
}

var errContentTaken = errors.New("ingest: the content was taken by Content")

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }

func (r *Reader) newBuf(size int) []byte {
	select {
	case b := <-r.free:
		if cap(b) >= size {
			return b[:cap(b)]
		}
	default:
	}
	return make([]byte, size)
}

// Next returns the next block. At the clean end of the input it returns
// (nil, io.EOF). When the stream fails (I/O error, damaged or truncated
// compressed data) the games read before the failure are delivered first
// (the game cut by the failure with RawGame.Truncated set) and then Next
// returns a *ReadError naming the file and offsets; it wraps ErrTruncated.
func (r *Reader) Next() (*Block, error) {
	if r.done {
		return nil, r.final
	}
	if !r.checked {
		r.checked = true
		if err := r.prime(); err != nil {
			r.done, r.final = true, err
			return nil, err
		}
		if !r.opts.NoContentCheck && !(r.n == 0 && r.readErr != nil) { // a stream that fails at once is a ReadError
			if r.opts.Kind == KindAuto {
				r.detectKind()
			}
			if err := checkContent(r.name, r.buf[:r.n], r.eof, r.opts.Kind); err != nil {
				if errors.Is(err, ErrEmptyInput) {
					r.stats.IgnoredBytes = int64(r.n)
				} else {
					r.stats.GarbageBytes = int64(r.n)
				}
				r.done, r.final = true, err
				return nil, err
			}
		}
	}
	if r.pinned {
		// The previous block owns the buffer: carry the open segment over
		// into a fresh one.
		keep := r.keepFrom()
		// (a little room past the carried bytes: a long line of games
		// carries nearly a buffer each time, and the buffer would grow
		// by what the room exceeds a block's games)
		nb := r.newBuf(max(r.bufSize(), r.n-keep+4<<10))
		m := copy(nb, r.buf[keep:r.n])
		r.base += int64(keep)
		r.scan -= keep
		r.buf, r.n = nb, m
		r.pinned = false
	}
	blk := &Block{Seq: r.seq, File: r.name, Offset: r.segStart, free: r.free}
	for {
		if r.opts.Kind == KindAuto && !r.detectKind() {
			if r.fill(blk) {
				return r.emit(blk), nil
			}
			continue
		}
		blk.Kind = r.opts.Kind
		limit := r.scanLimit()
		if limit > r.scan {
			if r.opts.Kind == KindPositions {
				r.scanPositions(blk, limit)
			} else {
				r.sp.partial = r.wantPartial && !r.eof
				r.sp.cut = r.forcePart && !r.eof
				r.scanPGN(blk, limit)
				r.sp.partial, r.sp.cut = false, false
			}
			r.forcePart, r.wantPartial = false, false
			if r.blockFull(blk) {
				return r.emit(blk), nil
			}
			continue
		}
		if r.eof {
			end := r.base + int64(r.n)
			r.closeSegment(blk, end, true)
			r.segStart = end
			r.done = true
			r.final = io.EOF
			if r.readErr != nil {
				r.final = &ReadError{File: r.name, Offset: end, CompressedOffset: r.cnt.n.Load(), Err: r.readErr}
			}
			blk.Last = true
			if len(blk.Games) == 0 && len(blk.Positions) == 0 && len(blk.Skipped) == 0 && end == blk.Offset {
				return nil, r.final
			}
			return r.emit(blk), nil
		}
		if r.fill(blk) {
			return r.emit(blk), nil
		}
	}
}

func (r *Reader) emit(blk *Block) *Block {
	blk.buf = r.buf
	blk.Bytes = r.segStart - blk.Offset
	r.pinned = true
	r.seq++
	r.stats.Blocks++
	return blk
}

func (r *Reader) blockFull(blk *Block) bool {
	if len(blk.Games)+len(blk.Positions) >= r.opts.BlockGames {
		return true
	}
	return r.segStart-blk.Offset >= int64(r.opts.BlockBytes)
}

// keepFrom is the first buffer index that must be kept.
func (r *Reader) keepFrom() int {
	if r.discard {
		return r.scan
	}
	return min(int(r.segStart-r.base), r.scan)
}

// scanLimit returns how far the scanner may go: to the end of the last
// complete line, or to the end of the data at EOF or when forced.
func (r *Reader) scanLimit() int {
	if r.eof || r.forcePart || r.wantPartial {
		return r.n
	}
	// search only the bytes not searched before (a long line arriving in
	// small reads must not be searched again and again)
	from := r.scan
	if c := int(r.nlChecked - r.base); c > from && c <= r.n {
		from = c
	}
	k := bytes.LastIndexByte(r.buf[from:r.n], '\n')
	if k < 0 {
		r.nlChecked = r.base + int64(r.n)
		return r.scan
	}
	return from + k + 1
}

// fill makes room in the buffer and reads more data. It returns true when
// the block must be emitted first (the buffer is full and the block's
// games point into it).
func (r *Reader) fill(blk *Block) bool {
	if r.n == len(r.buf) {
		if blk == nil {
			return false // prime: the first buffer is full
		}
		if len(blk.Games) > 0 || len(blk.Positions) > 0 {
			return true
		}
		if keep := r.keepFrom(); keep > 0 {
			m := copy(r.buf, r.buf[keep:r.n])
			r.base += int64(keep)
			r.scan -= keep
			r.n = m
		} else {
			if r.opts.Kind == KindPGN && r.scan < r.n && r.partialAt < r.base+int64(r.n) {
				// One line fills the buffer: the splitter reads as much
				// of it as it can judge (the games of a long line of
				// games end there, and the buffer needs to hold only the
				// open game).
				r.wantPartial = true
				return false
			}
			capLimit := r.opts.MaxGameSize + 128<<10
			if !r.discard && (r.scan > r.opts.MaxGameSize || len(r.buf) >= capLimit) {
				if r.opts.Kind == KindPGN && r.scan < r.n {
					// The splitter sees the line that cannot be held
					// first: when it starts a game, the game before it
					// ends there and is kept; the open game is then
					// skipped as too large (scanPGN).
					r.forcePart = true
					return false
				}
				r.discard = true // too large: keepFrom is now the scan position
				return false
			}
			if r.discard {
				r.forcePart = true // one line longer than the buffer
				return false
			}
			nb := make([]byte, min(2*len(r.buf), capLimit))
			copy(nb, r.buf[:r.n])
			r.buf = nb
		}
	}
	if r.eof {
		return false
	}
	m, err := io.ReadAtLeast(r.src, r.buf[r.n:], 1)
	r.n += m
	r.stats.Bytes += int64(m)
	if err != nil {
		r.eof = true
		if !errors.Is(err, io.EOF) {
			r.readErr = err
		}
		if r.ctx != nil && r.ctx.Err() != nil {
			r.readErr = fmt.Errorf("%w (%v)", r.ctx.Err(), err) // interrupted
		}
	}
	return false
}

// detectKind decides KindAuto from the first line that is neither blank
// nor a '#' or '%' comment. It returns false when more data is needed.
func (r *Reader) detectKind() bool {
	b := r.buf[r.scan:r.n]
	for len(b) > 0 {
		k := bytes.IndexByte(b, '\n')
		if k < 0 && !r.eof && r.n < len(r.buf) {
			return false
		}
		line := b
		if k >= 0 {
			line, b = b[:k], b[k+1:]
		} else {
			b = nil
		}
		line = trimSpace(bytes.TrimPrefix(line, bom))
		if len(line) == 0 || line[0] == '#' || line[0] == '%' {
			continue
		}
		f := line
		if i := bytes.IndexAny(f, " \t"); i >= 0 {
			f = f[:i]
		}
		if bytes.Count(f, []byte{'/'}) == 7 {
			r.opts.Kind = KindPositions
		} else {
			r.opts.Kind = KindPGN
		}
		return true
	}
	if r.eof || r.n == len(r.buf) {
		r.opts.Kind = KindPGN
		return true
	}
	return false
}

var bom = []byte{0xEF, 0xBB, 0xBF}

// scanPGN runs the splitter over complete lines up to limit.
func (r *Reader) scanPGN(blk *Block, limit int) {
	for r.scan < limit {
		r.sp.ev = r.sp.ev[:0]
		next := r.sp.scan(r.buf, r.scan, limit, r.base)
		if next == r.scan && len(r.sp.ev) == 0 {
			// partial: the rest needs more data (fill tries again only
			// once more has come)
			r.partialAt = r.base + int64(r.n)
			return
		}
		r.scan = next
		for _, ev := range r.sp.ev {
			abs := r.base + int64(ev.pos)
			r.closeSegment(blk, abs, false)
			r.openSegment(ev.kind, abs, ev.line, ev.col)
		}
		if r.segKind == segGame && !r.discard && r.base+int64(r.scan)-r.segStart > int64(r.opts.MaxGameSize) {
			r.discard = true
		}
		if len(r.sp.ev) > 0 && r.blockFull(blk) {
			return
		}
	}
}

func (r *Reader) openSegment(kind int, abs int64, line, col int) {
	r.segKind, r.segStart, r.segLine, r.segCol = kind, abs, line, col
	r.discard = kind == segGarbage || kind == segIgnored
	if kind == segGame {
		r.segIndex = r.gameIndex
		r.gameIndex++
		r.stats.GamesSeen++
	}
}

func (r *Reader) problem(blk *Block, s Skip) {
	blk.Skipped = append(blk.Skipped, s)
	if len(r.stats.Problems) < MaxReportedProblems {
		r.stats.Problems = append(r.stats.Problems, s)
	}
}

// closeSegment ends the open segment at absolute offset end.
func (r *Reader) closeSegment(blk *Block, end int64, atEOF bool) {
	length := end - r.segStart
	switch r.segKind {
	case segIgnored:
		r.stats.IgnoredBytes += length
	case segGame:
		if r.discard || length > int64(r.opts.MaxGameSize) {
			r.stats.SkippedGames++
			r.stats.SkippedBytes += length
			r.stats.SkipReasons[ErrGameTooLarge.Error()]++
			r.problem(blk, Skip{Index: r.segIndex, Offset: r.segStart, Length: length, Line: r.segLine,
				Err: &SyntaxError{File: r.name, Game: r.segIndex, Line: r.segLine, Column: r.segCol, Offset: r.segStart,
					Err: fmt.Errorf("%w: more than %d bytes (%d)", ErrGameTooLarge, r.opts.MaxGameSize, length)}})
			break
		}
		g := RawGame{
			Data:   r.buf[r.segStart-r.base : end-r.base : end-r.base],
			Offset: r.segStart, Line: r.segLine, Col: r.segCol, Index: r.segIndex,
		}
		if atEOF && r.readErr != nil {
			g.Truncated = true
			g.Limited = errors.Is(r.readErr, ErrInputLimit)
			r.stats.TruncatedGames++
		}
		g.Encoding = r.encoding
		blk.Games = append(blk.Games, g)
		r.stats.Games++
		r.stats.GameBytes += length
	case segGarbage:
		r.stats.GarbageBytes += length
		r.stats.GarbageRanges++
		r.problem(blk, Skip{Index: -1, Offset: r.segStart, Length: length, Line: r.segLine,
			Err: &SyntaxError{File: r.name, Game: -1, Line: r.segLine, Column: r.segCol, Offset: r.segStart,
				Err: fmt.Errorf("%w: %d bytes skipped", ErrGarbage, length)}})
	case segPosition:
		// only over-long lines come here (others are handled line by line)
		if !r.discard {
			r.stats.IgnoredBytes += length // always 0
		} else if length > 0 {
			r.stats.SkippedLines++
			r.stats.SkippedBytes += length
			r.stats.SkipReasons[ErrLineTooLong.Error()]++
			r.problem(blk, Skip{Index: r.posIndex, Offset: r.segStart, Length: length, Line: r.segLine,
				Err: &SyntaxError{File: r.name, Game: -1, Line: r.segLine, Column: 1, Offset: r.segStart,
					Err: fmt.Errorf("%w: more than %d bytes (%d)", ErrLineTooLong, r.opts.MaxGameSize, length)}})
			r.posIndex++
		}
	}
	r.discard = false
}

// scanPositions cuts a FEN/EPD file into one position per line.
func (r *Reader) scanPositions(blk *Block, limit int) {
	if r.segKind == segIgnored {
		r.segKind, r.discard = segPosition, false
	}
	for r.scan < limit {
		i := r.scan
		e := limit
		nl := false
		if k := bytes.IndexByte(r.buf[i:limit], '\n'); k >= 0 {
			e, nl = i+k+1, true
		}
		r.scan = e
		if r.discard || (e-i > r.opts.MaxGameSize) {
			// an over-long line: skipped when its end is found
			if !r.discard {
				r.segKind, r.segLine, r.discard = segPosition, r.posLines+1, true
			}
			if nl || r.eof {
				r.posLines++
				r.closeSegment(blk, r.base+int64(e), false)
				r.segKind, r.segStart, r.segLine = segPosition, r.base+int64(e), r.posLines+1
			}
			continue
		}
		if !nl && !r.eof {
			// partial line at a forced limit; cannot happen outside discard
			r.scan = i
			return
		}
		r.posLines++
		line := r.buf[i:e]
		text := line
		if nl {
			text = text[:len(text)-1]
		}
		if len(text) > 0 && text[len(text)-1] == '\r' {
			text = text[:len(text)-1]
		}
		if r.posLines == 1 {
			text = bytes.TrimPrefix(text, bom)
		}
		t := trimSpace(text)
		switch {
		case len(t) == 0:
			r.stats.BlankLines++
			r.stats.IgnoredBytes += int64(e - i)
		case t[0] == '#':
			r.stats.CommentLines++
			r.stats.IgnoredBytes += int64(e - i)
		default:
			blk.Positions = append(blk.Positions, RawPosition{Text: text[:len(text):len(text)], Offset: r.base + int64(i), Size: e - i, Line: r.posLines, Index: r.posIndex})
			r.posIndex++
			r.stats.Positions++
			r.stats.PositionBytes += int64(e - i)
		}
		r.segKind, r.segStart, r.segLine, r.discard = segPosition, r.base+int64(e), r.posLines+1, false
		if r.blockFull(blk) {
			return
		}
	}
}
