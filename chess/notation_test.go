package chess

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func ntFEN(t testing.TB, fen string) Position {
	t.Helper()
	p, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return p
}

func ntSquares(b Bitboard) string {
	var s []string
	for b != 0 {
		s = append(s, b.PopFirst().String())
	}
	return strings.Join(s, ",")
}

const ntStartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

// TestParseMoveTable reads tokens in positions and checks the move found,
// the status, the reason, the candidates and the notes.
func TestParseMoveTable(t *testing.T) {
	const (
		kiwi     = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
		epPos    = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
		pinned   = "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1"
		twoN     = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1"
		threeQ   = "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1"
		promo    = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"
		scholar  = "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4"
		fr960    = "4k3/8/8/8/8/8/8/1R4KR w HB - 0 1"
		fr960f1  = "4k3/8/8/8/8/8/8/5K1R w H - 0 1"
		afterE4  = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
		afterE4d = "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
	)
	tests := []struct {
		fen    string
		tok    string
		lang   Language
		uci    string // the move for MoveOK
		status MoveStatus
		reason IllegalReason
		cands  string    // squares, comma-separated
		notes  NoteFlags // exact
		check  CheckMark
	}{
		// plain SAN, English and the other languages
		{fen: ntStartFEN, tok: "e4", uci: "e2e4"},
		{fen: ntStartFEN, tok: "Nf3", uci: "g1f3"},
		{fen: ntStartFEN, tok: "Sf3", lang: German, uci: "g1f3"},
		{fen: ntStartFEN, tok: "Cf3", lang: French, uci: "g1f3"},
		{fen: ntStartFEN, tok: "Cf3", lang: Italian, uci: "g1f3"},
		{fen: ntStartFEN, tok: "Cf3", lang: Spanish, uci: "g1f3"},
		{fen: ntStartFEN, tok: "Pf3", lang: Dutch, uci: "g1f3"},
		{fen: ntStartFEN, tok: "Sf3", status: MoveUnreadable, reason: Unreadable},
		{fen: ntStartFEN, tok: "Nf3", lang: German, status: MoveUnreadable, reason: Unreadable},
		{fen: afterE4d, tok: "Lb5+", lang: German, uci: "f1b5", check: CheckPlus},
		{fen: afterE4d, tok: "Fb5+", lang: French, uci: "f1b5", check: CheckPlus},
		{fen: afterE4d, tok: "Ab5+", lang: Italian, uci: "f1b5", check: CheckPlus},
		{fen: afterE4d, tok: "Dh5", lang: Spanish, uci: "d1h5"},
		{fen: afterE4d, tok: "Re2", lang: French, uci: "e1e2"}, // R is the king in French
		{fen: afterE4d, tok: "Re2", lang: English, status: MoveIllegal, reason: NoPieceCanReach},
		{fen: afterE4d, tok: "Ke2", lang: Dutch, uci: "e1e2"},
		{fen: afterE4d, tok: "Be2", lang: German, status: MoveIllegal, reason: NoPieceCanReach, notes: PawnLetter}, // B is a pawn
		{fen: ntStartFEN, tok: "Be4", lang: German, uci: "e2e4", notes: PawnLetter},
		{fen: ntStartFEN, tok: "Pe4", uci: "e2e4", notes: PawnLetter},
		// long form, coordinates
		{fen: ntStartFEN, tok: "Ng1f3", uci: "g1f3", notes: LongForm},
		{fen: ntStartFEN, tok: "Ng1-f3", uci: "g1f3", notes: LongForm},
		{fen: ntStartFEN, tok: "Sg1-f3", lang: German, uci: "g1f3", notes: LongForm},
		{fen: ntStartFEN, tok: "e2e4", uci: "e2e4", notes: LongForm},
		{fen: ntStartFEN, tok: "e2-e4", uci: "e2e4", notes: LongForm},
		{fen: ntStartFEN, tok: "e2–e4", uci: "e2e4", notes: LongForm | UnicodeSign},
		{fen: ntStartFEN, tok: "g1f3", uci: "g1f3", notes: Coordinate},
		{fen: ntStartFEN, tok: "g1f3", lang: French, uci: "g1f3", notes: Coordinate},
		// captures
		{fen: afterE4d, tok: "exd5", uci: "e4d5"},
		{fen: afterE4d, tok: "ed5", uci: "e4d5", notes: CaptureMarkMissing},
		{fen: afterE4d, tok: "e:d5", uci: "e4d5", notes: ColonCapture},
		{fen: afterE4d, tok: "e4xd5", uci: "e4d5", notes: LongForm},
		{fen: afterE4d, tok: "e4:d5", uci: "e4d5", notes: LongForm | ColonCapture},
		{fen: afterE4d, tok: "e4-d5", uci: "e4d5", notes: LongForm | CaptureMarkMissing},
		{fen: afterE4d, tok: "e4×d5", uci: "e4d5", notes: LongForm | UnicodeSign},
		{fen: afterE4d, tok: "xd5", uci: "e4d5", notes: PawnFileMissing},
		{fen: afterE4d, tok: "d5", uci: "e4d5", notes: PawnFileMissing | CaptureMarkMissing},
		{fen: afterE4d, tok: "exd6", status: MoveIllegal, reason: NoPieceCanReach},
		{fen: ntStartFEN, tok: "Nxf3", uci: "g1f3", notes: CaptureMarkWrong},
		// en passant
		{fen: epPos, tok: "exf6", uci: "e5f6"},
		{fen: epPos, tok: "exf6 e.p.", uci: "e5f6", notes: EPMarked},
		{fen: epPos, tok: "exf6e.p.", uci: "e5f6", notes: EPMarked},
		{fen: epPos, tok: "exf6ep", uci: "e5f6", notes: EPMarked},
		{fen: epPos, tok: "ef6", uci: "e5f6", notes: CaptureMarkMissing},
		{fen: epPos, tok: "e5f6", uci: "e5f6", notes: LongForm | CaptureMarkMissing},
		{fen: epPos, tok: "exd6 e.p.", status: MoveIllegal, reason: NoPieceCanReach},
		{fen: epPos, tok: "e6 e.p.", uci: "e5e6", notes: EPMarkWrong},
		// lower case, figurines, glyphs, check marks
		{fen: ntStartFEN, tok: "nf3", uci: "g1f3", notes: LowerCasePiece},
		{fen: afterE4, tok: "nf6", uci: "g8f6", notes: LowerCasePiece},
		{fen: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", tok: "bc4", uci: "f1c4", notes: LowerCasePiece},
		{fen: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", tok: "b4", uci: "b2b4"},
		{fen: ntStartFEN, tok: "♘f3", uci: "g1f3", notes: Figurine},
		{fen: ntStartFEN, tok: "Nf3!?", uci: "g1f3", notes: Annotated},
		{fen: ntStartFEN, tok: "e4!!", uci: "e2e4", notes: Annotated},
		{fen: ntStartFEN, tok: "e4‼", uci: "e2e4", notes: Annotated},
		{fen: ntStartFEN, tok: "Nf3+", uci: "g1f3", notes: CheckMarkWrong, check: CheckPlus},
		{fen: scholar, tok: "Qxf7#", uci: "f3f7", check: CheckMate},
		{fen: scholar, tok: "Qxf7++", uci: "f3f7", check: CheckDoublePlus},
		{fen: scholar, tok: "Qxf7+", uci: "f3f7", notes: MateMarkMissing, check: CheckPlus},
		{fen: scholar, tok: "Qxf7", uci: "f3f7", notes: CheckMarkMissing},
		{fen: scholar, tok: "Bxf7+", uci: "c4f7", check: CheckPlus},
		{fen: scholar, tok: "Bxf7#", uci: "c4f7", notes: CheckMarkWrong, check: CheckMate},
		{fen: scholar, tok: "Qxf7+!!", uci: "f3f7", notes: MateMarkMissing | Annotated, check: CheckPlus},
		// disambiguation (C.10)
		{fen: twoN, tok: "Nd2", status: MoveAmbiguous, cands: "b1,f3"},
		{fen: twoN, tok: "Nbd2", uci: "b1d2"},
		{fen: twoN, tok: "Nfd2", uci: "f3d2"},
		{fen: twoN, tok: "N1d2", uci: "b1d2", notes: RankDisambiguation},
		{fen: twoN, tok: "Nb1d2", uci: "b1d2", notes: LongForm},
		{fen: twoN, tok: "Nbxd2", uci: "b1d2", notes: CaptureMarkWrong},
		{fen: twoN, tok: "Nh4", uci: "f3h4"},
		{fen: twoN, tok: "Nfh4", uci: "f3h4", notes: OverSpecified},
		{fen: twoN, tok: "N3h4", uci: "f3h4", notes: OverSpecified},
		{fen: threeQ, tok: "Qb2", status: MoveAmbiguous, cands: "a1,c1,a3"},
		{fen: threeQ, tok: "Qab2", status: MoveAmbiguous, cands: "a1,a3"},
		{fen: threeQ, tok: "Q1b2", status: MoveAmbiguous, cands: "a1,c1"},
		{fen: threeQ, tok: "Qa1b2", uci: "a1b2"},
		{fen: threeQ, tok: "Qcb2", uci: "c1b2"},
		{fen: threeQ, tok: "Q3b2", uci: "a3b2"},
		// pins and checks
		{fen: pinned, tok: "Nf3", status: MoveIllegal, reason: Pinned, cands: "d2"},
		{fen: pinned, tok: "Nd2f3", status: MoveIllegal, reason: Pinned, cands: "d2"},
		{fen: "4k3/8/8/8/8/8/6N1/r3K3 w - - 0 1", tok: "Nf4", status: MoveIllegal, reason: LeavesKingInCheck, cands: "g2"},
		{fen: "4k3/8/8/8/8/8/6N1/r3K3 w - - 0 1", tok: "Ne1", status: MoveIllegal, reason: DestinationOccupied, cands: "g2"},
		{fen: "4k3/8/8/8/8/8/5r2/4K3 w - - 0 1", tok: "Kd2", status: MoveIllegal, reason: LeavesKingInCheck, cands: "e1"},
		{fen: "4k3/8/8/8/8/8/5r2/4K3 w - - 0 1", tok: "Kxf2", uci: "e1f2"},
		{fen: ntStartFEN, tok: "Nd2", status: MoveIllegal, reason: DestinationOccupied, cands: "b1"},
		{fen: ntStartFEN, tok: "Nd4", status: MoveIllegal, reason: NoPieceCanReach},
		{fen: ntStartFEN, tok: "Bb5", status: MoveIllegal, reason: NoPieceCanReach},
		{fen: ntStartFEN, tok: "e5", status: MoveIllegal, reason: NoPieceCanReach},
		{fen: ntStartFEN, tok: "Ng2f4", status: MoveIllegal, reason: WrongPieceOnFrom},
		{fen: ntStartFEN, tok: "Nh3f4", status: MoveIllegal, reason: NoPieceOnFrom},
		{fen: ntStartFEN, tok: "e7e5", status: MoveIllegal, reason: WrongPieceOnFrom},
		{fen: ntStartFEN, tok: "e3e4", status: MoveIllegal, reason: NoPieceOnFrom},
		{fen: ntStartFEN, tok: "g1g3", status: MoveIllegal, reason: NoPieceCanReach, cands: ""},
		// promotion
		{fen: promo, tok: "e8=Q", uci: "e7e8q"},
		{fen: promo, tok: "e8Q", uci: "e7e8q", notes: PromotionNoEquals},
		{fen: promo, tok: "e8D", lang: German, uci: "e7e8q", notes: PromotionNoEquals},
		{fen: promo, tok: "e8S", lang: German, uci: "e7e8n", notes: PromotionNoEquals},
		{fen: promo, tok: "e8=P", lang: Dutch, uci: "e7e8n"},
		{fen: promo, tok: "e8=C", lang: French, uci: "e7e8n"},
		{fen: promo, tok: "e8=A", lang: Italian, uci: "e7e8b"},
		{fen: promo, tok: "e8(Q)", uci: "e7e8q", notes: PromotionBracketed},
		{fen: promo, tok: "e8/Q", uci: "e7e8q", notes: PromotionBracketed},
		{fen: promo, tok: "e8=N+", uci: "e7e8n", notes: CheckMarkWrong, check: CheckPlus},
		{fen: promo, tok: "e7e8q", uci: "e7e8q", notes: LongForm | PromotionNoEquals},
		{fen: promo, tok: "e7e8=R", uci: "e7e8r", notes: LongForm},
		{fen: promo, tok: "e8", status: MoveIllegal, reason: WrongPromotion, cands: "e7"},
		{fen: promo, tok: "e7e8", status: MoveIllegal, reason: WrongPromotion, cands: "e7"},
		{fen: promo, tok: "e8=K", status: MoveIllegal, reason: WrongPromotion, cands: "e7"},
		{fen: promo, tok: "e8=R", lang: French, status: MoveIllegal, reason: WrongPromotion, cands: "e7"}, // R is the king
		{fen: ntStartFEN, tok: "e4=Q", status: MoveIllegal, reason: WrongPromotion, cands: "e2"},
		{fen: ntStartFEN, tok: "e3Q", status: MoveIllegal, reason: WrongPromotion, cands: "e2", notes: PromotionNoEquals},
		// castling
		{fen: kiwi, tok: "O-O", uci: "e1h1"},
		{fen: kiwi, tok: "O-O-O", uci: "e1a1"},
		{fen: kiwi, tok: "0-0", uci: "e1h1", notes: ZeroCastling},
		{fen: kiwi, tok: "0-0-0", uci: "e1a1", notes: ZeroCastling},
		{fen: kiwi, tok: "o-o", uci: "e1h1", notes: CastlingNonStandard},
		{fen: kiwi, tok: "OO", uci: "e1h1", notes: CastlingNonStandard},
		{fen: kiwi, tok: "О-О", lang: Russian, uci: "e1h1", notes: CastlingNonStandard},                               // Cyrillic O
		{fen: kiwi, tok: "О-О-О", uci: "e1a1", notes: CastlingNonStandard},                                            // in any language
		{fen: kiwi, tok: "Ο-Ο-Ο", lang: Greek, uci: "e1a1", notes: CastlingNonStandard},                               // Greek O
		{fen: kiwi, tok: "О-0", uci: "e1h1", notes: CastlingNonStandard},                                              // mixed, as O-0 is
		{fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1", tok: "Оc4", lang: Bulgarian, uci: "f1c4"}, // the Bulgarian bishop, not castling
		{fen: kiwi, tok: "0–0–0", uci: "e1a1", notes: ZeroCastling | CastlingNonStandard | UnicodeSign},
		{fen: kiwi, tok: "O-O+", uci: "e1h1", notes: CheckMarkWrong, check: CheckPlus},
		{fen: kiwi, tok: "e1g1", uci: "e1h1", notes: CastleAsKingMove | Coordinate},
		{fen: kiwi, tok: "e1h1", uci: "e1h1", notes: CastleAsKingMove | Coordinate},
		{fen: kiwi, tok: "e1c1", uci: "e1a1", notes: CastleAsKingMove | Coordinate},
		{fen: kiwi, tok: "Kg1", uci: "e1h1", notes: CastleAsKingMove},
		{fen: kiwi, tok: "Ke1g1", uci: "e1h1", notes: CastleAsKingMove},
		{fen: kiwi, tok: "O-O-O-O", status: MoveUnreadable, reason: Unreadable},
		{fen: "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", tok: "O-O", status: MoveIllegal, reason: CastlingThroughCheck, cands: "e1"},
		{fen: "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", tok: "O-O-O", uci: "e1a1"},
		{fen: "4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", tok: "O-O", status: MoveIllegal, reason: CastlingThroughCheck, cands: "e1"},
		{fen: "4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1", tok: "O-O-O", status: MoveIllegal, reason: CastlingInCheck, cands: "e1"},
		{fen: "4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", tok: "O-O", status: MoveIllegal, reason: CastlingNoRight},
		{fen: "4k3/8/8/8/8/8/8/R4K1R w - - 0 1", tok: "0-0", status: MoveIllegal, reason: CastlingNoRight, notes: ZeroCastling},
		{fen: ntStartFEN, tok: "O-O", status: MoveIllegal, reason: CastlingBlocked, cands: "e1"},
		{fen: ntStartFEN, tok: "e1g1", status: MoveIllegal, reason: CastlingBlocked, cands: "e1"},
		{fen: "4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", tok: "Kg1", status: MoveIllegal, reason: CastlingNoRight},
		{fen: "r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1", tok: "O-O-O", uci: "e8a8"},
		// Chess960 castling
		{fen: fr960, tok: "O-O", uci: "g1h1"},
		{fen: fr960, tok: "O-O-O", uci: "g1b1"},
		{fen: fr960, tok: "g1h1", uci: "g1h1", notes: CastleAsKingMove | Coordinate},
		{fen: fr960, tok: "g1b1", uci: "g1b1", notes: CastleAsKingMove | Coordinate},
		{fen: fr960, tok: "Kc1", uci: "g1b1", notes: CastleAsKingMove},
		{fen: fr960, tok: "Kf1", uci: "g1f1"},
		{fen: fr960f1, tok: "f1g1", uci: "f1g1", notes: Coordinate},
		{fen: fr960f1, tok: "f1h1", uci: "f1h1", notes: CastleAsKingMove | Coordinate},
		{fen: fr960f1, tok: "O-O", uci: "f1h1"},
		{fen: fr960f1, tok: "Kg1", uci: "f1g1"},
		{fen: "4k3/8/8/8/8/8/8/1R2N1KR w HB - 0 1", tok: "O-O-O", status: MoveIllegal, reason: CastlingBlocked, cands: "g1"},
		// not moves
		{fen: ntStartFEN, tok: "", status: MoveUnreadable, reason: Unreadable},
		{fen: ntStartFEN, tok: "--", status: MoveUnreadable, reason: NullMoveToken},
		{fen: ntStartFEN, tok: "Z0", status: MoveUnreadable, reason: NullMoveToken},
		{fen: ntStartFEN, tok: "1-0", status: MoveUnreadable, reason: Unreadable},
		{fen: ntStartFEN, tok: "(=)", status: MoveUnreadable, reason: Unreadable},
		{fen: ntStartFEN, tok: "e9", status: MoveUnreadable, reason: Unreadable},
		{fen: ntStartFEN, tok: "Nf3f", status: MoveUnreadable, reason: Unreadable},
		{fen: ntStartFEN, tok: "N-f3", status: MoveUnreadable, reason: Unreadable},
		{fen: ntStartFEN, tok: "+", status: MoveUnreadable, reason: Unreadable},
		{fen: ntStartFEN, tok: "e.p.", status: MoveUnreadable, reason: Unreadable},
	}
	for _, tc := range tests {
		p := ntFEN(t, tc.fen)
		if strings.Contains(tc.fen, "HB") || strings.Contains(tc.fen, " H ") {
			p.SetChess960(true)
		}
		pm := p.ParseMove([]byte(tc.tok), tc.lang)
		name := tc.lang.String() + " " + tc.tok + " in " + tc.fen
		expl := pm.Explain(&p, []byte(tc.tok))
		if pm.Status != tc.status {
			t.Errorf("%s: status %v (%s), want %v", name, pm.Status, expl, tc.status)
			continue
		}
		if pm.Reason != tc.reason {
			t.Errorf("%s: reason %v (%s), want %v", name, pm.Reason, expl, tc.reason)
		}
		if tc.status == MoveOK {
			if got := p.UCI(pm.Move); got != tc.uci && !(p.Chess960() == false && pm.Move.IsCastle() && ntCastleAlias(&p, pm.Move) == tc.uci) {
				t.Errorf("%s: move %s, want %s", name, got, tc.uci)
			}
			if !p.IsLegal(pm.Move) {
				t.Errorf("%s: move %s is not legal", name, p.UCI(pm.Move))
			}
		} else if pm.Move != NullMove {
			t.Errorf("%s: status %v with move %s", name, pm.Status, p.UCI(pm.Move))
		}
		if tc.status == MoveAmbiguous || tc.cands != "" {
			if got := ntSquares(pm.Candidates); got != tc.cands {
				t.Errorf("%s: candidates %s, want %s", name, got, tc.cands)
			}
		}
		if pm.Notes != tc.notes {
			t.Errorf("%s: notes %q, want %q", name, pm.Notes, tc.notes)
		}
		if pm.CheckMark != tc.check {
			t.Errorf("%s: check mark %v, want %v", name, pm.CheckMark, tc.check)
		}
	}
}

// ntCastleAlias writes a castling move as king takes rook (e1h1), the
// way the table above names every castling move.
func ntCastleAlias(p *Position, m Move) string {
	return m.From().String() + m.To().String()
}

// TestExplain checks the one-line explanations.
func TestExplain(t *testing.T) {
	tests := []struct{ fen, tok, want string }{
		{"4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1", "Nf3", "illegal: the knight on d2 is pinned (it would leave the king on e1 in check)"},
		{"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "Nd2", "ambiguous: knights on b1 and f3 can both move to d2"},
		{"4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "Qb2", "ambiguous: queens on a1, c1 and a3 can all move to b2"},
		{"4k3/8/8/8/8/8/8/R4K1R w - - 0 1", "O-O", "castling not allowed: the king has moved (no castling right)"},
		{"4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "O-O", "castling not allowed: the rook on h1 has moved or been taken (no castling right)"},
		{"4k3/8/8/8/8/8/8/R3K2R w Q - 0 1", "O-O", "castling not allowed: the king or the rook has moved earlier (no castling right)"},
		{ntStartFEN, "O-O", "castling not allowed: pieces stand between the king and the rook or on their target squares (f1 and g1)"},
		{"4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", "castling not allowed: the king would pass through the attacked square f1"},
		{"4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", "castling not allowed: the king would land on the attacked square g1"},
		{"4k3/8/8/8/8/8/4r3/R3K3 w Q - 0 1", "O-O-O", "castling not allowed: the king is in check"},
		{ntStartFEN, "Nd4", "illegal: no knight can move to d4"},
		{ntStartFEN, "Ng1e3", "illegal: the knight on g1 cannot move to e3"},
		{ntStartFEN, "Nh3f4", "illegal: there is no piece on h3"},
		{ntStartFEN, "Ng2f4", "illegal: the piece on g2 is a pawn, not a knight"},
		{ntStartFEN, "e7e5", "illegal: the pawn on e7 is black and white is to move"},
		{ntStartFEN, "Nd2", "illegal: d2 is occupied by the mover's own pawn"},
		{"4k3/8/8/8/8/8/5r2/4K3 w - - 0 1", "Kd2", "illegal: the king on e1 would be in check on d2"},
		{"4k3/8/8/8/8/8/6N1/r3K3 w - - 0 1", "Nf4", "illegal: the king on e1 is in check and \"Nf4\" does not parry it"},
		{"8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8", "illegal: the pawn reaching e8 must be promoted: the new piece is missing"},
		{"8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e8=K", "illegal: a pawn can only be promoted to a queen, rook, bishop or knight, not to a king"},
		{ntStartFEN, "e4=Q", "illegal: only a pawn reaching the last rank is promoted (e4 is not on it)"},
		{ntStartFEN, "xyz", "unreadable: \"xyz\" is not a move"},
		{ntStartFEN, "--", "not a move: \"--\" is a null move"},
		{ntStartFEN, "Ng1f3", "ok: Nf3 (long form)"},
	}
	for _, tc := range tests {
		p := ntFEN(t, tc.fen)
		pm := p.ParseMove([]byte(tc.tok), English)
		if got := pm.Explain(&p, []byte(tc.tok)); got != tc.want {
			t.Errorf("%s in %s:\n got %q\nwant %q", tc.tok, tc.fen, got, tc.want)
		}
	}
}

// TestSAN checks the SAN writer on special cases.
func TestSAN(t *testing.T) {
	tests := []struct{ fen, uci, want string }{
		{ntStartFEN, "g1f3", "Nf3"},
		{ntStartFEN, "e2e4", "e4"},
		{"4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1", "b1d2", "Nbd2"},
		{"4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a1b2", "Qa1b2"},
		{"4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "a3b2", "Q3b2"},
		{"4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1", "c1b2", "Qcb2"},
		{"4k3/8/8/N7/8/8/8/N3K3 w - - 0 1", "a1b3", "N1b3"},
		// a pinned knight needs no disambiguation
		{"4k3/8/8/8/1b6/8/3N4/1N2K3 w - - 0 1", "b1c3", "Nc3"},
		{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", "e5f6", "exf6"},
		{"8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8n", "e8=N"},
		{"3r4/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7d8q", "exd8=Q"},
		{"r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "f3f7", "Qxf7#"},
		{"r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4", "c4f7", "Bxf7+"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1", "O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"},
		{"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8c8", "O-O-O"},
		{"4k3/8/8/8/8/8/8/1R4KR w HB - 0 1", "g1h1", "O-O"},
		{"4k3/8/8/8/8/8/8/1R4KR w HB - 0 1", "g1b1", "O-O-O"},
		{"5k2/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1", "O-O+"},
		// discovered check, double check by ep, promotion with check
		{"4k3/8/8/8/8/8/4N3/4R1K1 w - - 0 1", "e2c3", "Nc3+"},
		{"8/8/8/k2pP2R/8/8/8/4K3 w - d6 0 1", "e5d6", "exd6+"},
		{"8/3P4/8/8/8/8/8/k3K3 w - - 0 1", "d7d8q", "d8=Q"},
		{"k7/3P4/8/8/8/8/8/4K3 w - - 0 1", "d7d8r", "d8=R+"},
	}
	for _, tc := range tests {
		p := ntFEN(t, tc.fen)
		m, ok := p.ParseUCI(tc.uci)
		if !ok {
			// castling in king-to-g1 form for a Chess960 position
			pm := p.ParseMove([]byte(tc.uci), English)
			m, ok = pm.Move, pm.Status == MoveOK
		}
		if !ok {
			t.Errorf("%s: cannot read %s", tc.fen, tc.uci)
			continue
		}
		if got := p.SAN(m); got != tc.want {
			t.Errorf("%s %s: SAN %q, want %q", tc.fen, tc.uci, got, tc.want)
		}
		var buf [16]byte
		if got := string(p.AppendSAN(buf[:0], m)); got != tc.want {
			t.Errorf("%s %s: AppendSAN %q, want %q", tc.fen, tc.uci, got, tc.want)
		}
	}
}

// TestSANLang checks the non-English writer.
func TestSANLang(t *testing.T) {
	p := ntFEN(t, "r3k2r/1P6/8/8/8/8/8/R3K1NR w KQkq - 0 1")
	tests := []struct {
		uci  string
		lang Language
		want string
	}{
		{"g1f3", German, "Sf3"}, {"g1f3", French, "Cf3"}, {"g1f3", Dutch, "Pf3"},
		{"e1d1", French, "Rd1"}, {"e1d1", Italian, "Rd1"}, {"e1d1", German, "Kd1"},
		{"a1a8", German, "Txa8+"}, {"a1a8", English, "Rxa8+"},
		{"e1c1", German, "0-0-0"}, {"e1c1", English, "O-O-O"},
		{"b7b8q", German, "b8D+"}, {"b7b8n", Dutch, "b8P"}, {"b7b8b", Spanish, "b8A"}, {"b7b8q", English, "b8=Q+"},
	}
	for _, tc := range tests {
		m, ok := p.ParseUCI(tc.uci)
		if !ok {
			t.Fatalf("ParseUCI(%s)", tc.uci)
		}
		if got := string(p.AppendSANLang(nil, m, tc.lang)); got != tc.want {
			t.Errorf("%s in %s: %q, want %q", tc.uci, tc.lang, got, tc.want)
		}
	}
}

// TestLanguage checks the names and letters of the languages.
func TestLanguage(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want Language
		ok   bool
	}{
		{"en", English, true}, {"English", English, true}, {"de", German, true}, {"Deutsch", German, true},
		{"de/zeros,long", German, true}, {"fr", French, true}, {"français", French, true}, {"it", Italian, true},
		{"es", Spanish, true}, {"ES-es", Spanish, true}, {"nl", Dutch, true}, {"Nederlands", Dutch, true},
		{"pt-BR", Portuguese, true}, {"magyar", Hungarian, true}, {"pl", Polish, true}, {"čeština", Czech, true},
		{"cs", Czech, true}, {"ro", Romanian, true}, {"ru", Russian, true}, {"Русский", Russian, true},
		{"uk", Ukrainian, true}, {"български", Bulgarian, true}, {"sr-Cyrl", Serbian, true}, {"Ελληνικά", Greek, true},
		{"xx", English, false}, {"", English, false},
	} {
		got, ok := ParseLanguage(tc.s)
		if got != tc.want || ok != tc.ok {
			t.Errorf("ParseLanguage(%q) = %v, %v; want %v, %v", tc.s, got, ok, tc.want, tc.ok)
		}
	}
	want := map[Language]string{English: "KQRBN", German: "KDTLS", French: "RDTFC", Italian: "RDTAC", Spanish: "RDTAC", Dutch: "KDTLP",
		Portuguese: "RDTBC", Hungarian: "KVBFH", Polish: "KHWGS", Czech: "KDVSJ", Romanian: "RDTNC",
		Russian: "КрФЛСК", Ukrainian: "КрФТСК", Bulgarian: "ЦДТОК", Serbian: "КДТЛС", Greek: "ΡΒΠΑΙ"}
	for _, l := range Languages {
		got := l.PieceSymbol(King) + l.PieceSymbol(Queen) + l.PieceSymbol(Rook) + l.PieceSymbol(Bishop) + l.PieceSymbol(Knight)
		if got != want[l] {
			t.Errorf("%v letters %s, want %s", l, got, want[l])
		}
		if l.isScript() != (l.PieceLetter(King) == 0) {
			t.Errorf("%v: PieceLetter(King) = %q", l, l.PieceLetter(King))
		}
		if back, ok := ParseLanguage(l.String()); !ok || back != l {
			t.Errorf("ParseLanguage(%q) = %v", l.String(), back)
		}
	}
}

// TestNotnilVectors reads the notnil/chess notation vectors: SAN, long
// algebraic and UCI all give the move that leads to pos2, and SAN is
// written back as given (without its glyphs).
func TestNotnilVectors(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "notation", "valid_notation_tests.json"))
	if err != nil {
		t.Fatal(err)
	}
	var vecs []struct {
		Pos1, Pos2, AlgText, LongAlgText, UCIText, Description string
	}
	if err := json.Unmarshal(data, &vecs); err != nil {
		t.Fatal(err)
	}
	for _, v := range vecs {
		p := ntFEN(t, v.Pos1)
		want := ntFEN(t, v.Pos2)
		var moves [3]Move
		for i, tok := range []string{v.AlgText, v.LongAlgText, v.UCIText} {
			pm := p.ParseMove([]byte(tok), English)
			if pm.Status != MoveOK {
				t.Errorf("%s: %q: %s", v.Description, tok, pm.Explain(&p, []byte(tok)))
				continue
			}
			moves[i] = pm.Move
		}
		if moves[0] != moves[1] || moves[0] != moves[2] {
			t.Errorf("%s: %s / %s / %s read as different moves", v.Description, v.AlgText, v.LongAlgText, v.UCIText)
		}
		// one vector omits a check sign (Qxd1 for Qxd1+): compare without them
		if got := p.SAN(moves[0]); ntStripCheck(got) != ntStripCheck(ntStripGlyphs([]byte(v.AlgText))) {
			t.Errorf("%s: SAN %q, want %q", v.Description, got, v.AlgText)
		}
		q := p
		q.Play(moves[0])
		gf, wf := strings.Fields(q.FEN()), strings.Fields(want.FEN())
		if gf[0] != wf[0] || gf[1] != wf[1] || gf[2] != wf[2] {
			t.Errorf("%s: after %s: %s, want %s", v.Description, v.AlgText, q.FEN(), want.FEN())
		}
	}
	if len(vecs) < 20 {
		t.Errorf("only %d vectors", len(vecs))
	}
}

// TestParseMoveNoAlloc checks that reading a move allocates nothing.
func TestParseMoveNoAlloc(t *testing.T) {
	p := ntFEN(t, "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4")
	toks := [][]byte{[]byte("Qxf7#"), []byte("Nc3"), []byte("Ng1-e2"), []byte("O-O"), []byte("d2d4"), []byte("Bxf7+"), []byte("Dxf7+"), []byte("Nd4")}
	var buf [16]byte
	allocs := testing.AllocsPerRun(100, func() {
		for _, tok := range toks {
			pm := p.ParseMove(tok, English)
			if pm.Status == MoveOK {
				_ = p.AppendSAN(buf[:0], pm.Move)
			}
		}
	})
	if allocs != 0 {
		t.Errorf("%v allocations per run", allocs)
	}
}

// TestTokenLanguages checks which languages a token's letters fit.
func TestTokenLanguages(t *testing.T) {
	set := func(ls ...Language) LanguageSet {
		var s LanguageSet
		for _, l := range ls {
			s |= 1 << l
		}
		return s
	}
	for _, tc := range []struct {
		tok  string
		want LanguageSet
	}{
		{"e4", AllLanguages}, {"O-O", AllLanguages}, {"0-0-0", AllLanguages}, {"exd5", AllLanguages},
		{"Nf3", set(English, Romanian)}, {"Sf3", set(German, Polish, Czech)},
		{"Cf3", set(French, Italian, Spanish, Portuguese, Romanian)},
		{"Pf3", set(English, French, Italian, Spanish, Dutch, Portuguese, Polish, Czech, Romanian)},
		{"Fc4", set(French, Hungarian)}, {"Ac4", set(Italian, Spanish)},
		{"Lc4", set(German, Dutch)}, {"Dd1", set(German, French, Italian, Spanish, Dutch, Portuguese, Czech, Romanian)},
		{"Qd1", set(English)}, {"Kg1", set(English, German, Dutch, Hungarian, Polish, Czech)},
		{"Rg1", set(English, French, Italian, Spanish, Portuguese, Romanian)},
		{"Bb5", set(English, German, Dutch, Portuguese, Hungarian)},
		{"e8=D", set(German, French, Italian, Spanish, Dutch, Portuguese, Czech, Romanian)},
		{"e8S", set(German, Polish, Czech)}, {"Hf3", set(Hungarian, Polish)}, {"Jf3", set(Czech)},
		{"Wd1", set(Polish)}, {"Vd1", set(Hungarian, Czech)}, {"Gb5", set(Hungarian, Polish)},
		{"Zf3", 0},
		{"Фd1", set(Russian, Ukrainian)}, {"фd1", set(Russian, Ukrainian)}, {"Крe2", set(Russian, Ukrainian, Bulgarian, Serbian)},
		{"Лc4", set(Russian, Serbian)}, {"Цe2", set(Bulgarian)}, {"Βd1", set(Greek)}, {"e8=Ф", set(Russian, Ukrainian)},
		{"Жf3", 0}, {"♘f3", AllLanguages}, {"e×d5", AllLanguages}, {"О-О", AllLanguages}, {"Ο-Ο-Ο+", AllLanguages},
	} {
		if got := TokenLanguages([]byte(tc.tok)); got != tc.want {
			t.Errorf("TokenLanguages(%q) = %b, want %b", tc.tok, got, tc.want)
		}
	}
	if !AllLanguages.Has(Dutch) || LanguageSet(0).Has(English) || AllLanguages.Has(numLanguages) {
		t.Error("LanguageSet.Has")
	}
}
