package report

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"unicode/utf8"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"

	"github.com/arbiter-chess/arbiter/chess"
)

// ErrInvalidRow is wrapped by the errors that Append returns for a row that
// breaks the table contract (for example a move without a colour). Such a
// row is a bug in the caller, not bad input: nothing is appended.
var ErrInvalidRow = errors.New("report: invalid row")

// ErrBatchFull is wrapped by the error Append returns when the row would
// push the batch past 2 GiB of string data, the limit of Arrow's int32
// offsets. Nothing is appended: Flush the batch and append the row again.
var ErrBatchFull = errors.New("report: batch full")

// maxBatchStrings bounds the string bytes of one batch (all columns
// together, counting every input byte as up to 3 after UTF-8 repair).
const maxBatchStrings = math.MaxInt32

// batch holds what every table builder shares: the columns in schema
// order, the row count and a scratch buffer for UTF-8 repair.
type batch struct {
	table    Table
	cols     []column
	n        int
	strBytes int
	scratch  []byte
}

// init sets up cols, given as name-column pairs in schema order.
func (b *batch) init(mem memory.Allocator, t Table, cols ...any) {
	if mem == nil {
		mem = memory.DefaultAllocator
	}
	b.table = t
	if len(cols) != 2*t.Schema.NumFields() {
		panic(fmt.Sprintf("report: %s builder has %d columns, schema %d", t.Name, len(cols)/2, t.Schema.NumFields()))
	}
	for i := 0; i < len(cols); i += 2 {
		f := t.Schema.Field(i / 2)
		if cols[i].(string) != f.Name {
			panic(fmt.Sprintf("report: %s builder column %d is %q, schema says %q", t.Name, i/2, cols[i], f.Name))
		}
		c := cols[i+1].(column)
		c.setup(mem, f.Nullable)
		b.cols = append(b.cols, c)
	}
}

// Len returns the number of rows appended since the last Flush.
func (b *batch) Len() int { return b.n }

// Table returns the table this builder builds batches for.
func (b *batch) Table() Table { return b.table }

// Schema returns the schema of the batches.
func (b *batch) Schema() *arrow.Schema { return b.table.Schema }

// Flush returns the rows appended since the last Flush as one record batch
// (possibly with zero rows) and starts a new batch. The caller owns the
// batch and must Release it. The builder's buffers move into the batch
// without copying; the next batch starts with buffers sized after this
// one.
func (b *batch) Flush() arrow.RecordBatch {
	arrs := make([]arrow.Array, len(b.cols))
	for i, c := range b.cols {
		d := c.data(b.table.Schema.Field(i).Type)
		arrs[i] = array.MakeFromData(d)
		d.Release()
	}
	rec := array.NewRecordBatch(b.table.Schema, arrs, int64(b.n))
	for _, a := range arrs {
		a.Release()
	}
	b.n, b.strBytes = 0, 0
	return rec
}

// Release frees the builder's buffers, including rows appended but not
// flushed. Batches already flushed stay valid.
func (b *batch) Release() {
	for _, c := range b.cols {
		c.release()
	}
}

// room reserves string space for a row of about nb input bytes.
func (b *batch) room(nb int) error {
	if b.strBytes+3*nb > maxBatchStrings {
		return fmt.Errorf("%w: %s: %d bytes of strings already in the batch", ErrBatchFull, b.table.Name, b.strBytes)
	}
	b.strBytes += 3 * nb
	return nil
}

// addUTF8 appends v to a string column, replacing each run of invalid
// UTF-8 bytes with U+FFFD.
func (b *batch) addUTF8(s *strCol, v []byte) {
	if utf8.Valid(v) {
		s.add(v)
		return
	}
	b.scratch = appendValidUTF8(b.scratch[:0], v)
	s.add(b.scratch)
}

func (b *batch) addOptUTF8(s *strCol, o *OptBytes) {
	if o.Valid {
		b.addUTF8(s, o.V)
	} else {
		s.null()
	}
}

// appendValidUTF8 appends v to dst with every run of invalid bytes replaced
// by one U+FFFD, as bytes.ToValidUTF8 does, without allocating when dst
// has room.
func appendValidUTF8(dst, v []byte) []byte {
	invalid := false
	for i := 0; i < len(v); {
		c := v[i]
		if c < utf8.RuneSelf {
			dst = append(dst, c)
			invalid = false
			i++
			continue
		}
		r, size := utf8.DecodeRune(v[i:])
		if r == utf8.RuneError && size == 1 {
			if !invalid {
				dst = append(dst, "\uFFFD"...)
				invalid = true
			}
			i++
			continue
		}
		dst = append(dst, v[i:i+size]...)
		invalid = false
		i += size
	}
	return dst
}

func addOptStr(s *strCol, v string) {
	if v == "" {
		s.null()
	} else {
		s.addString(v)
	}
}

func addOpt[T fixed](c *fixedCol[T], o Opt[T]) {
	if o.Valid {
		c.add(o.V)
	} else {
		c.null()
	}
}

func addOptBool(c *boolCol, o OptBool) {
	if o.Valid {
		c.add(o.V)
	} else {
		c.null()
	}
}

func addSide(s *strCol, v Side) {
	switch v {
	case SideWhite:
		s.addString("white")
	case SideBlack:
		s.addString("black")
	default:
		s.null()
	}
}

// The vocabularies of the moves table's dictionary columns, in index order.
var (
	sideVocab   = []string{"white", "black"}
	pieceVocab  = []string{"P", "N", "B", "R", "Q", "K"}
	squareVocab = squareNames[:]
)

// pieceIndex maps a piece letter to its index in pieceVocab (-1 when
// invalid).
var pieceIndex = func() (n [256]int8) {
	for i := range n {
		n[i] = -1
	}
	for i, c := range pieceVocab {
		n[c[0]] = int8(i)
	}
	return n
}()

// addOptPiece appends the piece letter v, or NULL when v is 0.
func addOptPiece(c *dictCol[int8], v byte) {
	if v == 0 {
		c.null()
	} else {
		c.add(pieceIndex[v])
	}
}

// squareNames holds "a1" ... "h8" in square order (a1 = 0, b1 = 1, h8 = 63).
var squareNames = func() (n [64]string) {
	for sq := range n {
		n[sq] = string([]byte{'a' + byte(sq%8), '1' + byte(sq/8)})
	}
	return n
}()

func optLen(o *OptBytes) int { return len(o.V) }

// GamesBuilder turns GameRows into record batches of the games table. It
// is owned by one goroutine.
type GamesBuilder struct {
	batch
	gameID, sourceOffset, sourceLine                               i64Col
	sourceFile                                                     strCol
	event, site, dateText, eventDateText, round, white, black      strCol
	result                                                         strCol
	date, eventDate, utcDate, utcTime                              i32Col
	openingECO, openingName                                        strCol
	openingPly                                                     i32Col
	duplicateOf                                                    i64Col
	sameTags                                                       boolCol
	whiteElo, blackElo, whiteDiff, blackDiff                       i16Col
	whiteTitle, blackTitle, eco, opening, termination, timeControl strCol
	variant, startFEN                                              strCol
	tags                                                           strMapCol
	movetext                                                       strCol
	pliesRecorded, pliesReplayed                                   i32Col
	endKind                                                        strCol
	endPly                                                         i32Col
	resultByRules                                                  strCol
	resultOK                                                       boolCol
	firstErrorPly, threefoldPly, threefoldClaimPly, fiftyPly       i32Col
	fivefoldPly, seventyFivePly, deadPly                           i32Col
	finalFEN, notationLanguage                                     strCol
	errorCount, warningCount, infoCount                            i32Col
	audited                                                        boolCol
	uncheckedPlies                                                 i32Col
	whiteCanMate, blackCanMate                                     boolCol
}

// NewGamesBuilder returns a builder for the games table that allocates
// from mem (nil means memory.DefaultAllocator). Release it when done.
func NewGamesBuilder(mem memory.Allocator) *GamesBuilder {
	b := new(GamesBuilder)
	b.init(mem, GamesTable(),
		"game_id", &b.gameID,
		"source_file", &b.sourceFile,
		"source_offset", &b.sourceOffset,
		"source_line", &b.sourceLine,
		"event", &b.event,
		"site", &b.site,
		"date", &b.date,
		"date_text", &b.dateText,
		"event_date", &b.eventDate,
		"event_date_text", &b.eventDateText,
		"utc_date", &b.utcDate,
		"utc_time", &b.utcTime,
		"round", &b.round,
		"white", &b.white,
		"black", &b.black,
		"result", &b.result,
		"white_elo", &b.whiteElo,
		"black_elo", &b.blackElo,
		"white_rating_diff", &b.whiteDiff,
		"black_rating_diff", &b.blackDiff,
		"white_title", &b.whiteTitle,
		"black_title", &b.blackTitle,
		"eco", &b.eco,
		"opening", &b.opening,
		"opening_eco", &b.openingECO,
		"opening_name", &b.openingName,
		"opening_ply", &b.openingPly,
		"termination", &b.termination,
		"time_control", &b.timeControl,
		"variant", &b.variant,
		"start_fen", &b.startFEN,
		"tags", &b.tags,
		"movetext", &b.movetext,
		"plies_recorded", &b.pliesRecorded,
		"plies_replayed", &b.pliesReplayed,
		"end_kind", &b.endKind,
		"end_ply", &b.endPly,
		"result_by_rules", &b.resultByRules,
		"result_ok", &b.resultOK,
		"first_error_ply", &b.firstErrorPly,
		"threefold_ply", &b.threefoldPly,
		"threefold_claim_ply", &b.threefoldClaimPly,
		"fifty_ply", &b.fiftyPly,
		"fivefold_ply", &b.fivefoldPly,
		"seventyfive_ply", &b.seventyFivePly,
		"dead_ply", &b.deadPly,
		"final_fen", &b.finalFEN,
		"notation_language", &b.notationLanguage,
		"error_count", &b.errorCount,
		"warning_count", &b.warningCount,
		"info_count", &b.infoCount,
		"audited", &b.audited,
		"unchecked_plies", &b.uncheckedPlies,
		"white_can_mate", &b.whiteCanMate,
		"black_can_mate", &b.blackCanMate,
		"duplicate_of", &b.duplicateOf,
		"same_tags", &b.sameTags,
	)
	return b
}

// MovetextBuffer returns an empty slice with room for at least n bytes in
// the movetext column's own memory. A movetext appended to it within that
// room and passed as the next row's Movetext is taken by Append without
// a copy (one that outgrows it is copied as usual). The slice belongs to
// the builder: drop it once that row is appended (it is invalid after the
// next Append, Flush or Release).
func (b *GamesBuilder) MovetextBuffer(n int) []byte { return b.movetext.tail(n) }

func validEndKind(k EndKind) bool {
	switch k {
	case EndNone, EndCheckmate, EndStalemate, EndDeadPosition, EndFivefoldRepetition, EndSeventyFiveMoveRule:
		return true
	}
	return false
}

func validResult(s string) bool {
	switch s {
	case "", ResultWhiteWins, ResultBlackWins, ResultDraw:
		return true
	}
	return false
}

// Append adds one row. It returns an error wrapping ErrInvalidRow (unknown
// end kind or result) or ErrBatchFull, and appends nothing, when the row
// cannot be added. The row may be reused as soon as Append returns.
func (b *GamesBuilder) Append(r *GameRow) error {
	if !validEndKind(r.EndKind) {
		return fmt.Errorf("%w: game %d: end kind %q", ErrInvalidRow, r.GameID, r.EndKind)
	}
	if !validResult(r.ResultByRules) {
		return fmt.Errorf("%w: game %d: result by rules %q", ErrInvalidRow, r.GameID, r.ResultByRules)
	}
	nb := len(r.SourceFile) + len(r.Movetext) + len(r.FinalFEN) + len(r.NotationLanguage) + len(r.OpeningECO) + len(r.OpeningName) + 64
	for _, o := range [...]*OptBytes{&r.Event, &r.Site, &r.Date, &r.EventDate, &r.Round, &r.White, &r.Black, &r.Result,
		&r.WhiteTitle, &r.BlackTitle, &r.ECO, &r.Opening, &r.Termination, &r.TimeControl, &r.Variant, &r.StartFEN} {
		nb += len(o.V)
	}
	for _, t := range r.Tags() {
		nb += len(t.Name) + len(t.Value)
	}
	if err := b.room(nb); err != nil {
		return err
	}
	b.gameID.add(r.GameID)
	b.addUTF8(&b.sourceFile, bytesOf(r.SourceFile))
	b.sourceOffset.add(r.SourceOffset)
	b.sourceLine.add(r.SourceLine)
	b.addOptUTF8(&b.event, &r.Event)
	b.addOptUTF8(&b.site, &r.Site)
	addOpt(&b.date, r.DateValue)
	b.addOptUTF8(&b.dateText, &r.Date)
	addOpt(&b.eventDate, r.EventDateValue)
	b.addOptUTF8(&b.eventDateText, &r.EventDate)
	addOpt(&b.utcDate, r.UTCDate)
	addOpt(&b.utcTime, r.UTCTime)
	b.addOptUTF8(&b.round, &r.Round)
	b.addOptUTF8(&b.white, &r.White)
	b.addOptUTF8(&b.black, &r.Black)
	b.addOptUTF8(&b.result, &r.Result)
	addOpt(&b.whiteElo, r.WhiteElo)
	addOpt(&b.blackElo, r.BlackElo)
	addOpt(&b.whiteDiff, r.WhiteRatingDiff)
	addOpt(&b.blackDiff, r.BlackRatingDiff)
	b.addOptUTF8(&b.whiteTitle, &r.WhiteTitle)
	b.addOptUTF8(&b.blackTitle, &r.BlackTitle)
	b.addOptUTF8(&b.eco, &r.ECO)
	b.addOptUTF8(&b.opening, &r.Opening)
	addOptStr(&b.openingECO, r.OpeningECO)
	addOptStr(&b.openingName, r.OpeningName)
	addOpt(&b.openingPly, r.OpeningPly)
	b.addOptUTF8(&b.termination, &r.Termination)
	b.addOptUTF8(&b.timeControl, &r.TimeControl)
	b.addOptUTF8(&b.variant, &r.Variant)
	b.addOptUTF8(&b.startFEN, &r.StartFEN)
	for _, t := range r.Tags() {
		b.addUTF8(&b.tags.keys, t.Name)
		b.addUTF8(&b.tags.values, t.Value)
	}
	b.tags.end(b.tags.keys.rows())
	b.addUTF8(&b.movetext, r.Movetext)
	b.pliesRecorded.add(r.PliesRecorded)
	b.pliesReplayed.add(r.PliesReplayed)
	addOptStr(&b.endKind, string(r.EndKind))
	addOpt(&b.endPly, r.EndPly)
	addOptStr(&b.resultByRules, r.ResultByRules)
	addOptBool(&b.resultOK, r.ResultOK)
	addOpt(&b.firstErrorPly, r.FirstErrorPly)
	addOpt(&b.threefoldPly, r.ThreefoldPly)
	addOpt(&b.threefoldClaimPly, r.ThreefoldClaim)
	addOpt(&b.fiftyPly, r.FiftyPly)
	addOpt(&b.fivefoldPly, r.FivefoldPly)
	addOpt(&b.seventyFivePly, r.SeventyFivePly)
	addOpt(&b.deadPly, r.DeadPly)
	b.addUTF8(&b.finalFEN, r.FinalFEN)
	b.addUTF8(&b.notationLanguage, bytesOf(r.NotationLanguage))
	b.errorCount.add(r.ErrorCount)
	b.warningCount.add(r.WarningCount)
	b.infoCount.add(r.InfoCount)
	b.audited.add(r.Audited)
	b.uncheckedPlies.add(r.UncheckedPlies)
	addOptBool(&b.whiteCanMate, r.WhiteCanMate)
	addOptBool(&b.blackCanMate, r.BlackCanMate)
	addOpt(&b.duplicateOf, r.DuplicateOf)
	addOptBool(&b.sameTags, r.SameTags)
	b.n++
	return nil
}

// MovesBuilder turns MoveRows into record batches of the moves table. It
// is owned by one goroutine.
type MovesBuilder struct {
	batch
	withFEN                bool
	gameID                 i64Col
	ply, moveNumber        i32Col
	color, piece, from, to dictCol[int8]
	captured, promotion    dictCol[int8]
	san                    dictCol[int32]
	uci                    dictCol[int16]
	isCheck, isMate        boolCol
	clock, emt             i64Col
	evalCP, evalMate       i32Col
	nags                   int32ListCol
	comment                strCol
	halfmove, repetition   i32Col
	zobrist                i64Col
	fen                    strCol
	sanIdx                 []int32 // AppendRows' scratch
	uciIdx                 []int16
}

// NewMovesBuilder returns a builder for the moves table that allocates from
// mem (nil means memory.DefaultAllocator). The fen column exists only
// when withFEN is true. Release it when done.
func NewMovesBuilder(mem memory.Allocator, withFEN bool) *MovesBuilder {
	b := &MovesBuilder{withFEN: withFEN}
	b.color.vocab = sideVocab
	b.piece.vocab, b.captured.vocab, b.promotion.vocab = pieceVocab, pieceVocab, pieceVocab
	b.from.vocab, b.to.vocab = squareVocab, squareVocab
	b.san.vocab, b.uci.vocab = chess.SANVocabulary(), chess.UCIVocabulary()
	cols := []any{
		"game_id", &b.gameID,
		"ply", &b.ply,
		"move_number", &b.moveNumber,
		"color", &b.color,
		"san", &b.san,
		"uci", &b.uci,
		"piece", &b.piece,
		"from_square", &b.from,
		"to_square", &b.to,
		"captured", &b.captured,
		"promotion", &b.promotion,
		"is_check", &b.isCheck,
		"is_mate", &b.isMate,
		"clock_ms", &b.clock,
		"emt_ms", &b.emt,
		"eval_cp", &b.evalCP,
		"eval_mate", &b.evalMate,
		"nags", &b.nags,
		"comment", &b.comment,
		"halfmove_clock", &b.halfmove,
		"repetition_count", &b.repetition,
		"zobrist", &b.zobrist,
	}
	if withFEN {
		cols = append(cols, "fen", &b.fen)
	}
	b.init(mem, MovesTable(withFEN), cols...)
	return b
}

// Append adds one row. It returns an error wrapping ErrInvalidRow, and
// appends nothing, when the row breaks the contract: no colour, a piece
// letter outside PNBRQK, a square outside 0..63, a captured letter outside
// PNBRQ or a promotion letter outside NBRQ; or ErrBatchFull. The row may
// be reused as soon as Append returns.
func (b *MovesBuilder) Append(r *MoveRow) error {
	san, u, err := checkMove(r)
	if err != nil {
		return err
	}
	if err := b.room(len(r.Comment.V) + len(r.FEN) + 20); err != nil {
		return err
	}
	b.gameID.add(r.GameID)
	b.ply.add(r.Ply)
	b.moveNumber.add(r.MoveNumber)
	b.color.add(int8(r.Color - SideWhite))
	b.san.add(san)
	b.uci.add(u)
	if r.Null {
		b.piece.null()
		b.from.null()
		b.to.null()
	} else {
		b.piece.add(pieceIndex[r.Piece])
		b.from.add(int8(r.From))
		b.to.add(int8(r.To))
	}
	addOptPiece(&b.captured, r.Captured)
	addOptPiece(&b.promotion, r.Promotion)
	b.isCheck.add(r.IsCheck)
	b.isMate.add(r.IsMate)
	addOpt(&b.clock, r.ClockMS)
	addOpt(&b.emt, r.EMTMS)
	addOpt(&b.evalCP, r.EvalCP)
	addOpt(&b.evalMate, r.EvalMate)
	b.addVarying(r)
	b.halfmove.add(r.HalfmoveClock)
	b.repetition.add(r.RepetitionCount)
	b.zobrist.add(int64(r.Zobrist))
	if b.withFEN {
		b.addUTF8(&b.fen, r.FEN)
	}
	b.n++
	return nil
}

// addVarying appends the row's nags and comment.
func (b *MovesBuilder) addVarying(r *MoveRow) {
	if len(r.NAGs) > 0 {
		b.nags.add(r.NAGs)
	} else {
		b.nags.null()
	}
	b.addOptUTF8(&b.comment, &r.Comment)
}

// AppendRows adds rows as Append adds each, with the same errors (an
// invalid row or a full batch appends none of them), column by column:
// the way to add a game's plies, at a fraction of the cost per row.
func (b *MovesBuilder) AppendRows(rows []MoveRow) error {
	n := len(rows)
	sanIdx := slices.Grow(b.sanIdx[:0], n)[:n]
	uciIdx := slices.Grow(b.uciIdx[:0], n)[:n]
	b.sanIdx, b.uciIdx = sanIdx, uciIdx
	strs, varying := 0, false
	for i := range rows {
		r := &rows[i]
		san, u, err := checkMove(r)
		if err != nil {
			return err
		}
		sanIdx[i], uciIdx[i] = san, u
		strs += len(r.Comment.V) + len(r.FEN) + 20
		varying = varying || len(r.NAGs) > 0 || r.Comment.Valid
	}
	if err := b.room(strs); err != nil {
		return err
	}
	// One pass over the rows for every fixed-width column: each row is
	// read once, while it is in the cache.
	gameID, _ := b.gameID.extend(n)
	ply, _ := b.ply.extend(n)
	moveNumber, _ := b.moveNumber.extend(n)
	color, _ := b.color.idx.extend(n)
	san, _ := b.san.idx.extend(n)
	uci, _ := b.uci.idx.extend(n)
	piece, pieceOK := b.piece.idx.extend(n)
	from, fromOK := b.from.idx.extend(n)
	to, toOK := b.to.idx.extend(n)
	captured, capturedOK := b.captured.idx.extend(n)
	promotion, promotionOK := b.promotion.idx.extend(n)
	check := b.isCheck.extend(n)
	mate := b.isMate.extend(n)
	clock, clockOK := b.clock.extend(n)
	emt, emtOK := b.emt.extend(n)
	evalCP, evalCPOK := b.evalCP.extend(n)
	evalMate, evalMateOK := b.evalMate.extend(n)
	halfmove, _ := b.halfmove.extend(n)
	repetition, _ := b.repetition.extend(n)
	zobrist, _ := b.zobrist.extend(n)
	copy(san, sanIdx)
	copy(uci, uciIdx)
	// every slice is n long: resliced so, the loop needs no bounds checks
	gameID, ply, moveNumber, color = gameID[:n], ply[:n], moveNumber[:n], color[:n]
	piece, pieceOK, from, fromOK, to, toOK = piece[:n], pieceOK[:n], from[:n], fromOK[:n], to[:n], toOK[:n]
	captured, capturedOK, promotion, promotionOK = captured[:n], capturedOK[:n], promotion[:n], promotionOK[:n]
	check, mate = check[:n], mate[:n]
	clock, clockOK, emt, emtOK = clock[:n], clockOK[:n], emt[:n], emtOK[:n]
	evalCP, evalCPOK, evalMate, evalMateOK = evalCP[:n], evalCPOK[:n], evalMate[:n], evalMateOK[:n]
	halfmove, repetition, zobrist = halfmove[:n], repetition[:n], zobrist[:n]
	for i := range rows {
		r := &rows[i]
		gameID[i], ply[i], moveNumber[i], color[i] = r.GameID, r.Ply, r.MoveNumber, int8(r.Color-SideWhite)
		// a null move's piece and squares are NULL (index 0)
		ok := b2u(!r.Null)
		piece[i], from[i], to[i] = pieceIndex[r.Piece]&-int8(ok), int8(r.From)&-int8(ok), int8(r.To)&-int8(ok)
		pieceOK[i], fromOK[i], toOK[i] = ok, ok, ok
		captured[i], capturedOK[i] = optPieceIndex(r.Captured)
		promotion[i], promotionOK[i] = optPieceIndex(r.Promotion)
		check[i], mate[i] = b2u(r.IsCheck), b2u(r.IsMate)
		clock[i], clockOK[i] = optValue(r.ClockMS)
		emt[i], emtOK[i] = optValue(r.EMTMS)
		evalCP[i], evalCPOK[i] = optValue(r.EvalCP)
		evalMate[i], evalMateOK[i] = optValue(r.EvalMate)
		halfmove[i], repetition[i], zobrist[i] = r.HalfmoveClock, r.RepetitionCount, int64(r.Zobrist)
	}
	if !varying { // the rows have no nags and no comment (most games)
		b.nags.nulls(n, b.nags.elems.n)
		b.comment.nulls(n)
	} else {
		b.appendVarying(rows)
	}
	if b.withFEN {
		for i := range rows {
			b.addUTF8(&b.fen, rows[i].FEN)
		}
	}
	b.n += n
	return nil
}

// appendVarying appends the nags and comments of rows: runs of rows
// without them at once.
func (b *MovesBuilder) appendVarying(rows []MoveRow) {
	n := len(rows)
	for i := 0; i < n; {
		if len(rows[i].NAGs) > 0 || rows[i].Comment.Valid {
			b.addVarying(&rows[i])
			i++
			continue
		}
		j := i + 1
		for j < n && len(rows[j].NAGs) == 0 && !rows[j].Comment.Valid {
			j++
		}
		b.nags.nulls(j-i, b.nags.elems.n)
		b.comment.nulls(j - i)
		i = j
	}
}

// checkMove checks r against the contract of Append and returns the
// indices of its SAN and UCI strings.
func checkMove(r *MoveRow) (san int32, u int16, err error) {
	if r.Color != SideWhite && r.Color != SideBlack {
		return 0, 0, fmt.Errorf("%w: game %d ply %d: no colour", ErrInvalidRow, r.GameID, r.Ply)
	}
	if (!r.Null && (pieceIndex[r.Piece] < 0 || r.From > 63 || r.To > 63)) ||
		(r.Captured != 0 && (r.Captured == 'K' || pieceIndex[r.Captured] < 0)) ||
		(r.Promotion != 0 && (r.Promotion == 'K' || r.Promotion == 'P' || pieceIndex[r.Promotion] < 0)) {
		return 0, 0, fmt.Errorf("%w: game %d ply %d: piece %q from %d to %d captured %q promotion %q",
			ErrInvalidRow, r.GameID, r.Ply, r.Piece, r.From, r.To, r.Captured, r.Promotion)
	}
	if r.SAN < 0 || int(r.SAN) >= len(chess.SANVocabulary()) {
		return 0, 0, fmt.Errorf("%w: game %d ply %d: SAN index %d outside chess.SANVocabulary", ErrInvalidRow, r.GameID, r.Ply, r.SAN)
	}
	if r.UCI < 0 || int(r.UCI) >= len(chess.UCIVocabulary()) {
		return 0, 0, fmt.Errorf("%w: game %d ply %d: UCI index %d outside chess.UCIVocabulary", ErrInvalidRow, r.GameID, r.Ply, r.UCI)
	}
	return r.SAN, r.UCI, nil
}

// optPieceIndex returns the index of the piece letter v and 1, or 0 and 0
// (NULL) when v is 0.
func optPieceIndex(v byte) (int8, byte) {
	if v == 0 {
		return 0, 0
	}
	return pieceIndex[v], 1
}

// optValue returns o's value and 1, or 0 and 0 (NULL).
func optValue[T fixed](o Opt[T]) (T, byte) {
	if !o.Valid {
		var zero T
		return zero, 0
	}
	return o.V, 1
}

func b2u(v bool) byte {
	if v {
		return 1
	}
	return 0
}

// FindingsBuilder turns FindingRows into record batches of the findings
// table. It is owned by one goroutine.
type FindingsBuilder struct {
	batch
	gameID                i64Col
	ply, moveNumber       i32Col
	color, kind, severity strCol
	article, message      strCol
	san, fen, witness     strCol
	sourceFile            strCol
	sourceLine            i64Col
	checkID               strCol
}

// NewFindingsBuilder returns a builder for the findings table that
// allocates from mem (nil means memory.DefaultAllocator). Release it when
// done.
func NewFindingsBuilder(mem memory.Allocator) *FindingsBuilder {
	b := new(FindingsBuilder)
	b.init(mem, FindingsTable(),
		"game_id", &b.gameID,
		"ply", &b.ply,
		"move_number", &b.moveNumber,
		"color", &b.color,
		"kind", &b.kind,
		"severity", &b.severity,
		"article", &b.article,
		"message", &b.message,
		"san", &b.san,
		"fen", &b.fen,
		"witness", &b.witness,
		"source_file", &b.sourceFile,
		"source_line", &b.sourceLine,
		"check_id", &b.checkID,
	)
	return b
}

// Append adds one row. It returns an error wrapping ErrInvalidRow, and
// appends nothing, when the kind is empty or the severity is not one of
// error, warning, info; or ErrBatchFull.
func (b *FindingsBuilder) Append(r *FindingRow) error {
	switch r.Severity {
	case SeverityError, SeverityWarning, SeverityInfo:
	default:
		return fmt.Errorf("%w: game %d: severity %q", ErrInvalidRow, r.GameID, r.Severity)
	}
	if r.Kind == "" {
		return fmt.Errorf("%w: game %d: empty finding kind", ErrInvalidRow, r.GameID)
	}
	if err := b.room(len(r.Kind) + len(r.Article) + len(r.Message) + optLen(&r.SAN) + optLen(&r.FEN) +
		optLen(&r.Witness) + len(r.SourceFile) + len(r.CheckID) + 16); err != nil {
		return err
	}
	if r.NoGame {
		b.gameID.null()
	} else {
		b.gameID.add(r.GameID)
	}
	addOpt(&b.ply, r.Ply)
	addOpt(&b.moveNumber, r.MoveNumber)
	addSide(&b.color, r.Color)
	b.addUTF8(&b.kind, bytesOf(r.Kind))
	b.severity.addString(string(r.Severity))
	if r.Article == "" {
		b.article.null()
	} else {
		b.addUTF8(&b.article, bytesOf(r.Article))
	}
	b.addUTF8(&b.message, r.Message)
	b.addOptUTF8(&b.san, &r.SAN)
	b.addOptUTF8(&b.fen, &r.FEN)
	b.addOptUTF8(&b.witness, &r.Witness)
	b.addUTF8(&b.sourceFile, bytesOf(r.SourceFile))
	addOpt(&b.sourceLine, r.SourceLine)
	addOptStr(&b.checkID, r.CheckID)
	b.n++
	return nil
}

// PositionsBuilder turns PositionRows into record batches of the positions
// table. It is owned by one goroutine.
type PositionsBuilder struct {
	batch
	positionID, sourceLine        i64Col
	sourceFile, fen               strCol
	valid                         boolCol
	problems                      strListCol
	sideToMove                    strCol
	inCheck, checkmate, stalemate boolCol
	dead, whiteCanMate            boolCol
	blackCanMate                  boolCol
	legalMoves                    i32Col
}

// NewPositionsBuilder returns a builder for the positions table that
// allocates from mem (nil means memory.DefaultAllocator). Release it when
// done.
func NewPositionsBuilder(mem memory.Allocator) *PositionsBuilder {
	b := new(PositionsBuilder)
	b.init(mem, PositionsTable(),
		"position_id", &b.positionID,
		"source_file", &b.sourceFile,
		"source_line", &b.sourceLine,
		"fen", &b.fen,
		"valid", &b.valid,
		"problems", &b.problems,
		"side_to_move", &b.sideToMove,
		"in_check", &b.inCheck,
		"checkmate", &b.checkmate,
		"stalemate", &b.stalemate,
		"dead", &b.dead,
		"white_can_mate", &b.whiteCanMate,
		"black_can_mate", &b.blackCanMate,
		"legal_moves", &b.legalMoves,
	)
	return b
}

// Append adds one row. It fails only with ErrBatchFull.
func (b *PositionsBuilder) Append(r *PositionRow) error {
	nb := len(r.SourceFile) + len(r.FEN) + 16
	for _, p := range r.Problems {
		nb += len(p)
	}
	if err := b.room(nb); err != nil {
		return err
	}
	b.positionID.add(r.PositionID)
	b.addUTF8(&b.sourceFile, bytesOf(r.SourceFile))
	b.sourceLine.add(r.SourceLine)
	b.addUTF8(&b.fen, r.FEN)
	b.valid.add(r.Valid)
	for _, p := range r.Problems {
		b.addUTF8(&b.problems.elems, bytesOf(p))
	}
	b.problems.end(b.problems.elems.rows())
	addSide(&b.sideToMove, r.SideToMove)
	addOptBool(&b.inCheck, r.InCheck)
	addOptBool(&b.checkmate, r.Checkmate)
	addOptBool(&b.stalemate, r.Stalemate)
	addOptBool(&b.dead, r.Dead)
	addOptBool(&b.whiteCanMate, r.WhiteCanMate)
	addOptBool(&b.blackCanMate, r.BlackCanMate)
	addOpt(&b.legalMoves, r.LegalMoves)
	b.n++
	return nil
}
