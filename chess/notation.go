package chess

import "strings"

// Language is the language of the piece letters in a move token (FIDE
// Laws, Appendix C.3). A game is recorded in one language; the caller
// detects it and passes it to ParseMove.
type Language uint8

// The languages ParseMove reads (C.3 lets every player use the letters of
// their own language). English is the zero value.
//
//	English    K Q R B N   (pawn P, never needed)
//	German     K D T L S   (pawn B, written by some)
//	French     R D T F C   (pawn P; R is the king, T the rook)
//	Italian    R D T A C   (pawn P)
//	Spanish    R D T A C   (pawn P)
//	Dutch      K D T L P   (pawn B for "boer"; P is the knight)
//	Portuguese R D T B C   (pawn P; B is the bishop, as in English)
//	Hungarian  K V B F H   (pawn G; B is the rook, F the bishop)
//	Polish     K H W G S   (pawn P; H is the queen, S the knight)
//	Czech      K D V S J   (pawn P; S is the bishop, J the knight)
//	Romanian   R D T N C   (pawn P; N is the bishop, C the knight)
//	Russian    Кр Ф Л С К  (pawn П; К alone is the knight)
//	Ukrainian  Кр Ф Т С К  (pawn П)
//	Bulgarian  Ц Д Т О К   (pawn П)
//	Serbian    К Д Т Л С   (Cyrillic; pawn П; К is the king, С the knight)
//	Greek      Ρ Β Π Α Ι   (Greek capitals; Β is the queen, Π the rook)
//
// Swedish, Norwegian, Danish, Croatian, Slovenian and Serbian in the Latin
// alphabet write the German letters and read as German. The Cyrillic and
// Greek letters are read in UTF-8, upper or lower case; the squares are
// always written with the Latin a-h (C.5).
const (
	English Language = iota
	German
	French
	Italian
	Spanish
	Dutch
	Portuguese
	Hungarian
	Polish
	Czech
	Romanian
	Russian
	Ukrainian
	Bulgarian
	Serbian
	Greek
	numLanguages
)

// Languages lists every Language, English first.
var Languages = [...]Language{English, German, French, Italian, Spanish, Dutch, Portuguese, Hungarian, Polish, Czech, Romanian,
	Russian, Ukrainian, Bulgarian, Serbian, Greek}

var languageNames = [numLanguages]string{"English", "German", "French", "Italian", "Spanish", "Dutch",
	"Portuguese", "Hungarian", "Polish", "Czech", "Romanian", "Russian", "Ukrainian", "Bulgarian", "Serbian", "Greek"}

// pieceLetters holds the upper-case letter of each PieceType (indexed by
// PieceType: none, pawn, knight, bishop, rook, queen, king) per language.
var pieceLetters = [numLanguages][7]byte{
	English:    {0, 'P', 'N', 'B', 'R', 'Q', 'K'},
	German:     {0, 'B', 'S', 'L', 'T', 'D', 'K'},
	French:     {0, 'P', 'C', 'F', 'T', 'D', 'R'},
	Italian:    {0, 'P', 'C', 'A', 'T', 'D', 'R'},
	Spanish:    {0, 'P', 'C', 'A', 'T', 'D', 'R'},
	Dutch:      {0, 'B', 'P', 'L', 'T', 'D', 'K'},
	Portuguese: {0, 'P', 'C', 'B', 'T', 'D', 'R'},
	Hungarian:  {0, 'G', 'H', 'F', 'B', 'V', 'K'},
	Polish:     {0, 'P', 'S', 'G', 'W', 'H', 'K'},
	Czech:      {0, 'P', 'J', 'S', 'V', 'D', 'K'},
	Romanian:   {0, 'P', 'C', 'N', 'T', 'D', 'R'},
}

// scriptSymbols holds the piece symbols of the languages written in
// another alphabet (UTF-8, upper case), indexed like pieceLetters; the
// other languages have none. A symbol may be two letters (Russian Кр).
var scriptSymbols = [numLanguages][7]string{
	Russian:   {"", "П", "К", "С", "Л", "Ф", "Кр"},
	Ukrainian: {"", "П", "К", "С", "Т", "Ф", "Кр"},
	Bulgarian: {"", "П", "К", "О", "Т", "Д", "Ц"},
	Serbian:   {"", "П", "С", "Л", "Т", "Д", "К"},
	Greek:     {"", "", "Ι", "Α", "Π", "Β", "Ρ"},
}

// lowerSymbols holds the lower-case forms of scriptSymbols.
var lowerSymbols [numLanguages][7]string

// letterTable maps a byte to a piece type per language: upper-case piece
// letters map to their type; lower-case ones to their type | lowerBit.
// Zero means "not a piece letter".
var letterTable [numLanguages][256]uint8

const lowerBit = 8

func init() {
	for l := Language(0); l < numLanguages; l++ {
		for t := Pawn; t <= King; t++ {
			if l.isScript() {
				lowerSymbols[l][t] = strings.ToLower(scriptSymbols[l][t])
				continue
			}
			c := pieceLetters[l][t]
			letterTable[l][c] = uint8(t)
			letterTable[l][c+'a'-'A'] = uint8(t) | lowerBit
		}
	}
}

// isScript reports whether l writes its piece letters in another alphabet
// than the Latin one (see scriptSymbols).
func (l Language) isScript() bool { return l < numLanguages && scriptSymbols[l][King] != "" }

// matchScript reads the piece symbol of language l at the start of b, upper
// or lower case, the longest one that fits (Russian "Кр" before "К"). It
// returns the piece type and the symbol's length in bytes, 0 when none
// fits.
func matchScript(b []byte, l Language) (t PieceType, size int, lower bool) {
	if !l.isScript() {
		return NoPieceType, 0, false
	}
	for pt := Pawn; pt <= King; pt++ {
		for i, sym := range [2]string{scriptSymbols[l][pt], lowerSymbols[l][pt]} {
			if sym != "" && len(sym) > size && len(b) >= len(sym) && string(b[:len(sym)]) == sym {
				t, size, lower = pt, len(sym), i == 1
			}
		}
	}
	return t, size, lower
}

// String returns the English name of the language, such as "German".
func (l Language) String() string {
	if l >= numLanguages {
		return "Language(?)"
	}
	return languageNames[l]
}

// PieceLetter returns the upper-case letter of piece type t in language l
// (the pawn letter for Pawn, which standard notation never writes), or 0,
// also for the languages written in another alphabet (see PieceSymbol).
func (l Language) PieceLetter(t PieceType) byte {
	if l >= numLanguages || t > King {
		return 0
	}
	return pieceLetters[l][t]
}

// PieceSymbol returns the upper-case symbol of piece type t in language l
// as UTF-8 text: the letter of PieceLetter, or one or two letters of
// another alphabet ("Ф", "Кр"); "" when there is none.
func (l Language) PieceSymbol(t PieceType) string {
	if l >= numLanguages || t > King {
		return ""
	}
	if c := pieceLetters[l][t]; c != 0 {
		return string(rune(c))
	}
	return scriptSymbols[l][t]
}

// ParseLanguage reads a language name or code, case-insensitively: an ISO
// 639 code ("de", "deu", "ger"), an English name ("German") or the native
// name ("Deutsch", "français", "Nederlands"). Anything after the first '/',
// '-', '_', ',' or space is ignored, so "de/long" and "en-US" read too.
func ParseLanguage(s string) (Language, bool) {
	if i := strings.IndexAny(s, "/-_, "); i >= 0 {
		s = s[:i]
	}
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "en", "eng", "english":
		return English, true
	case "de", "deu", "ger", "german", "deutsch":
		return German, true
	case "fr", "fra", "fre", "french", "français", "francais":
		return French, true
	case "it", "ita", "italian", "italiano":
		return Italian, true
	case "es", "spa", "spanish", "español", "espanol", "castellano":
		return Spanish, true
	case "nl", "nld", "dut", "dutch", "nederlands", "vlaams":
		return Dutch, true
	case "pt", "por", "portuguese", "português", "portugues":
		return Portuguese, true
	case "hu", "hun", "hungarian", "magyar":
		return Hungarian, true
	case "pl", "pol", "polish", "polski":
		return Polish, true
	case "cs", "ces", "cze", "czech", "čeština", "cestina", "česky", "cesky":
		return Czech, true
	case "ro", "ron", "rum", "romanian", "română", "romana":
		return Romanian, true
	case "ru", "rus", "russian", "русский":
		return Russian, true
	case "uk", "ukr", "ukrainian", "українська":
		return Ukrainian, true
	case "bg", "bul", "bulgarian", "български":
		return Bulgarian, true
	case "sr", "srp", "serbian", "српски":
		return Serbian, true
	case "el", "ell", "gre", "greek", "ελληνικά":
		return Greek, true
	}
	return English, false
}

// LanguageSet is a set of Languages: bit l is Language l.
type LanguageSet uint16

// AllLanguages holds every Language.
const AllLanguages LanguageSet = 1<<numLanguages - 1

// Has reports whether l is in the set.
func (s LanguageSet) Has(l Language) bool { return l < numLanguages && s&(1<<l) != 0 }

// TokenLanguages returns the languages whose piece letters tok can be
// written in, judging only by its upper-case letters (the piece letter and
// a promotion letter): "Sf3" fits German, "Cf3" French, Italian and
// Spanish, "Nf3" English, and a token without such letters ("e4", "O-O")
// fits all. A game's language is the intersection over its tokens; letters
// shared by several languages (K, R, B, D, T, L) leave the choice to
// replaying the game (an English "Bb5" is a bishop, a German "Bb5" a
// pawn). Italian and Spanish use the same letters and cannot be told apart.
// A Cyrillic or Greek letter fits the languages that have it as a piece
// symbol (upper or lower case); figurines and Unicode signs fit all.
func TokenLanguages(tok []byte) LanguageSet {
	set := AllLanguages
	if len(tok) > 0 && (tok[0] == 0xD0 || tok[0] == 0xCE) {
		// О-О with Cyrillic or Greek capitals is castling in every language
		var s moveSyntax
		if s.parseScriptCastling(tok[:s.stripSuffixes(tok)]) {
			return set
		}
	}
	for i := 0; i < len(tok); i++ {
		c := tok[i]
		var fit LanguageSet
		switch {
		case c >= 'A' && c <= 'Z' && c != 'O' && c != 'X': // 'O' for castling, 'X' as a capture sign
			for l := Language(0); l < numLanguages; l++ {
				if letterTable[l][c] != 0 {
					fit |= 1 << l
				}
			}
		case c >= 0xCE && c <= 0xD1: // the lead bytes of Greek and Cyrillic letters
			size := 2
			for _, l := range Languages {
				if _, n, _ := matchScript(tok[i:], l); n > 0 {
					fit |= 1 << l
					size = max(size, n)
				}
			}
			i += size - 1
		default:
			continue
		}
		set &= fit
	}
	return set
}

// MoveStatus tells whether ParseMove found the move a token names.
type MoveStatus uint8

// The statuses of a ParsedMove.
const (
	// MoveOK: the token names exactly one legal move.
	MoveOK MoveStatus = iota
	// MoveIllegal: the token reads as a move, but no legal move fits it.
	MoveIllegal
	// MoveAmbiguous: more than one legal move fits the token (C.10).
	MoveAmbiguous
	// MoveUnreadable: the token is not a move in any notation known here.
	MoveUnreadable
)

// String returns "ok", "illegal", "ambiguous" or "unreadable".
func (s MoveStatus) String() string {
	switch s {
	case MoveOK:
		return "ok"
	case MoveIllegal:
		return "illegal"
	case MoveAmbiguous:
		return "ambiguous"
	case MoveUnreadable:
		return "unreadable"
	}
	return "MoveStatus(?)"
}

// IllegalReason tells why a token names no legal move.
type IllegalReason uint8

// The reasons of a ParsedMove whose Status is MoveIllegal (or
// MoveUnreadable: Unreadable, NullMoveToken).
const (
	NoReason IllegalReason = iota
	// Unreadable: the token is not written in any move notation.
	Unreadable
	// NullMoveToken: the token is a null move ("--", "Z0", "0000").
	NullMoveToken
	// NoPieceCanReach: no piece of the named kind (fitting the
	// disambiguation) can move to the target square, even ignoring pins.
	NoPieceCanReach
	// DestinationOccupied: the only pieces that could go there find a
	// piece of their own colour on the target square.
	DestinationOccupied
	// Pinned: the pieces that could move there are pinned to their king.
	Pinned
	// LeavesKingInCheck: the move leaves or puts the mover's king in check
	// (a king moving to an attacked square, or a move that does not parry
	// a check).
	LeavesKingInCheck
	// CastlingNoRight: the king or that rook has moved (no castling right).
	CastlingNoRight
	// CastlingBlocked: a piece stands between the king and the rook or on
	// their target squares.
	CastlingBlocked
	// CastlingThroughCheck: the king would pass over or land on an
	// attacked square.
	CastlingThroughCheck
	// CastlingInCheck: the king is in check.
	CastlingInCheck
	// WrongPromotion: a pawn reaching the last rank without naming the new
	// piece, a promotion to a king or pawn, or a promotion written for a
	// pawn move that does not reach the last rank.
	WrongPromotion
	// NoPieceOnFrom: the long form names an empty from-square.
	NoPieceOnFrom
	// WrongPieceOnFrom: the long form names a from-square holding another
	// kind of piece, or a piece of the side not to move.
	WrongPieceOnFrom
	numReasons
)

var reasonText = [numReasons]string{
	NoReason:             "",
	Unreadable:           "not a move",
	NullMoveToken:        "null move",
	NoPieceCanReach:      "no piece can reach the square",
	DestinationOccupied:  "the square is occupied by a piece of the same colour",
	Pinned:               "the piece is pinned",
	LeavesKingInCheck:    "the king would be in check",
	CastlingNoRight:      "no castling right",
	CastlingBlocked:      "pieces between king and rook",
	CastlingThroughCheck: "the king would pass through or land on an attacked square",
	CastlingInCheck:      "the king is in check",
	WrongPromotion:       "wrong promotion",
	NoPieceOnFrom:        "no piece on the from-square",
	WrongPieceOnFrom:     "another piece on the from-square",
}

// String returns a short phrase such as "the piece is pinned". Use
// ParsedMove.Explain for a sentence naming the pieces and squares.
func (r IllegalReason) String() string {
	if r >= numReasons {
		return "IllegalReason(?)"
	}
	return reasonText[r]
}

// CheckMark is the check or mate sign a token was written with.
type CheckMark uint8

// The check marks of Appendix C.13.
const (
	NoCheckMark     CheckMark = iota
	CheckPlus                 // "+"
	CheckMate                 // "#"
	CheckDoublePlus           // "++" (mate in Appendix C.13; double check in some older books)
)

// String returns "", "+", "#" or "++".
func (c CheckMark) String() string {
	switch c {
	case CheckPlus:
		return "+"
	case CheckMate:
		return "#"
	case CheckDoublePlus:
		return "++"
	}
	return ""
}

// NoteFlags are minor remarks on how a move was written; the move itself
// is read (a ParsedMove with notes can still be MoveOK).
type NoteFlags uint32

// The notes ParseMove can set.
const (
	// OverSpecified: a from-file or from-rank was written that was not
	// needed to tell the move apart (short form only; see LongForm).
	OverSpecified NoteFlags = 1 << iota
	// CaptureMarkMissing: a capture written without 'x' or ':'.
	CaptureMarkMissing
	// CaptureMarkWrong: 'x' or ':' on a move that captures nothing.
	CaptureMarkWrong
	// CheckMarkMissing: the move gives check (or mates) and no mark was written.
	CheckMarkMissing
	// CheckMarkWrong: '+' on a move that gives no check, or '#'/'++' on one
	// that does not mate.
	CheckMarkWrong
	// MateMarkMissing: '+' written on a mating move.
	MateMarkMissing
	// ColonCapture: ':' used as the capture sign.
	ColonCapture
	// LongForm: the from-square was written in full (C.8 long form, such
	// as Sg1f3, e2e4, e2-e4, Lb2xe5) where the short form was enough.
	LongForm
	// Coordinate: a piece move written as bare coordinates without its
	// letter (UCI style, such as g1f3 or e1g1).
	Coordinate
	// ZeroCastling: castling written with zeros (0-0, FIDE style).
	ZeroCastling
	// CastlingNonStandard: castling with lower-case o, no dashes or other dashes.
	CastlingNonStandard
	// CastleAsKingMove: castling written as a king move (Kg1, Ke1g1, e1g1,
	// Kxh1, e1h1).
	CastleAsKingMove
	// EPMarked: an en passant capture marked "e.p." or "ep".
	EPMarked
	// EPMarkWrong: "e.p." on a move that is not an en passant capture.
	EPMarkWrong
	// PromotionNoEquals: a promotion written without '=' (d8D, e8Q).
	PromotionNoEquals
	// PromotionBracketed: a promotion written as e8(Q) or e8/Q.
	PromotionBracketed
	// LowerCasePiece: a piece letter written in lower case (nf3).
	LowerCasePiece
	// PawnLetter: a pawn move written with the pawn's letter (Pe4, German Be4).
	PawnLetter
	// PawnFileMissing: a pawn capture written without the pawn's file (xd5).
	PawnFileMissing
	// RankDisambiguation: disambiguated by rank where the file was enough
	// (C.10.3 prefers the file).
	RankDisambiguation
	// Annotated: the token carried move-quality glyphs (!, ?, !!, ??, !?, ?!).
	Annotated
	// Figurine: the piece was written as a chess symbol (♘f3).
	Figurine
	// UnicodeSign: a Unicode dash or '×' was used.
	UnicodeSign
)

var noteNames = [...]string{
	"over-specified", "capture mark missing", "capture mark on a non-capture",
	"check mark missing", "wrong check mark", "mate mark missing",
	"':' capture", "long form", "coordinate form", "castling with zeros",
	"non-standard castling sign", "castling written as a king move",
	"e.p. marked", "e.p. on a non-en-passant move", "promotion without '='",
	"bracketed promotion", "lower-case piece letter", "pawn letter written",
	"pawn file missing", "rank used where the file was enough",
	"annotation glyph", "figurine", "Unicode sign",
}

// String returns the notes as a comma-separated list of phrases.
func (n NoteFlags) String() string {
	var b []byte
	for i, name := range noteNames {
		if n&(1<<uint(i)) != 0 {
			if len(b) > 0 {
				b = append(b, ", "...)
			}
			b = append(b, name...)
		}
	}
	return string(b)
}

// ParsedMove is what ParseMove read from a token.
type ParsedMove struct {
	// Move is the legal move named by the token (MoveOK only).
	Move Move
	// Status tells whether the token names one legal move.
	Status MoveStatus
	// Reason tells why, for MoveIllegal (and MoveUnreadable).
	Reason IllegalReason
	// Candidates: for MoveAmbiguous, the from-squares of the legal moves
	// that fit; for MoveIllegal, the from-squares of pieces that could
	// make the move if it were not for pins, checks or an occupied target.
	Candidates Bitboard
	// CheckMark is the check sign the token was written with.
	CheckMark CheckMark
	// Notes are minor remarks on the notation.
	Notes NoteFlags
	// Check reports whether the move gives check (MoveOK only).
	Check bool
	// Piece is the kind of piece the token names: King for castling,
	// NoPieceType for bare coordinates (g1f3) and unreadable tokens.
	Piece PieceType
	// Promotion is the promotion piece written, NoPieceType if none (King
	// or Pawn when the token names one of those, which is WrongPromotion).
	Promotion PieceType
	// From is the from-square when the token writes it in full (long form,
	// coordinates), else NoSquare.
	From Square
	// To is the target square written; for castling, the square the king
	// goes to (g- or c-file). NoSquare for unreadable tokens.
	To Square
}

// IsSAN reports whether the token, read in language l, was written exactly
// as the standard English SAN of its move (what AppendSAN writes): read
// as one legal move, in English, with no note on its notation (so the right
// capture and check marks, no glyphs, no needless disambiguation) and no
// "++". A caller that keeps normalized SAN can then keep the token itself
// and skip writing the move again.
func (pm *ParsedMove) IsSAN(l Language) bool {
	return pm.Status == MoveOK && l == English && pm.Notes == 0 && pm.CheckMark != CheckDoublePlus
}
