package chess

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// TestFENRoundTrip reads every perft position, writes it back and reads it
// again: the second reading must give the same position and the same FEN,
// and the placement, side and castling rook squares must survive.
func TestFENRoundTrip(t *testing.T) {
	n := 0
	for _, p := range testPositions(t, 1) {
		fen := p.FEN()
		q, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("%q: %v", fen, err)
		}
		if q.Key() != p.Key() || q.FEN() != fen || q.Chess960() != p.Chess960() ||
			q.HalfmoveClock() != p.HalfmoveClock() || q.FullmoveNumber() != p.FullmoveNumber() {
			t.Errorf("round trip changed %q into %q", fen, q.FEN())
		}
		n++
	}
	t.Logf("%d positions", n)
}

// TestFENExact lists FENs that are written back unchanged.
func TestFENExact(t *testing.T) {
	for _, fen := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"r3k2r/8/8/8/8/8/8/R3K2R b Kq - 99 200",
		"8/8/8/8/8/8/8/8 w - - 0 1",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9",
		"1r2k1rr/8/8/8/8/8/8/1R2K1RR w GQgq - 0 1",
		"rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1",
	} {
		p := mustFEN(t, fen)
		if got := p.FEN(); got != fen {
			t.Errorf("FEN(%q) = %q", fen, got)
		}
	}
}

func TestFENChess960(t *testing.T) {
	for _, c := range []struct {
		in, out string
		c960    bool
		rooks   [4]Square // CastlingRook(White, true), (White, false), (Black, true), (Black, false)
	}{
		// Shredder-FEN in, X-FEN out when the rooks are the outermost ones.
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9", true, [4]Square{H1, F1, H8, F8}},
		// Shredder-FEN naming the standard rooks: standard chess.
		{"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", false, [4]Square{H1, A1, H8, A8}},
		// An inner rook keeps its file letter.
		{"1r2k1rr/8/8/8/8/8/8/1R2K1RR w GBgb - 0 1", "1r2k1rr/8/8/8/8/8/8/1R2K1RR w GQgq - 0 1", true, [4]Square{G1, B1, G8, B8}},
		// X-FEN K means the outermost rook on the king's side.
		{"1r2k1rr/8/8/8/8/8/8/1R2K1RR w Kk - 0 1", "1r2k1rr/8/8/8/8/8/8/1R2K1RR w Kk - 0 1", false, [4]Square{H1, NoSquare, H8, NoSquare}},
		// X-FEN naming the standard rooks: standard chess.
		{"1r2k2r/8/8/8/8/8/8/1R2K2R w Kk - 0 1", "1r2k2r/8/8/8/8/8/8/1R2K2R w Kk - 0 1", false, [4]Square{H1, NoSquare, H8, NoSquare}},
		// King on e1 but rook on g1: Chess960.
		{"4k3/8/8/8/8/8/8/4K1R1 w K - 0 1", "4k3/8/8/8/8/8/8/4K1R1 w K - 0 1", true, [4]Square{G1, NoSquare, NoSquare, NoSquare}},
		// Rights without king or rook are dropped.
		{"4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", false, [4]Square{NoSquare, NoSquare, NoSquare, NoSquare}},
		{"r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1", true, [4]Square{H1, A1, H8, A8}},
		{"r3k2r/8/8/8/8/8/4K3/R6R w KQkq - 0 1", "r3k2r/8/8/8/8/8/4K3/R6R w kq - 0 1", false, [4]Square{NoSquare, NoSquare, H8, A8}},
		// Missing clocks default to 0 1; fullmove 0 reads as 1.
		{"4k3/8/8/8/8/8/8/4K3 b - -", "4k3/8/8/8/8/8/8/4K3 b - - 0 1", false, [4]Square{NoSquare, NoSquare, NoSquare, NoSquare}},
		{"4k3/8/8/8/8/8/8/4K3 b - - 7 0", "4k3/8/8/8/8/8/8/4K3 b - - 7 1", false, [4]Square{NoSquare, NoSquare, NoSquare, NoSquare}},
		// An en passant square with no legal capture is not written.
		{"4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1", "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1", false, [4]Square{NoSquare, NoSquare, NoSquare, NoSquare}},
	} {
		p := mustFEN(t, c.in)
		if got := p.FEN(); got != c.out {
			t.Errorf("%q: FEN %q, want %q", c.in, got, c.out)
		}
		if p.Chess960() != c.c960 {
			t.Errorf("%q: Chess960 %v", c.in, p.Chess960())
		}
		got := [4]Square{p.CastlingRook(White, true), p.CastlingRook(White, false), p.CastlingRook(Black, true), p.CastlingRook(Black, false)}
		if got != c.rooks {
			t.Errorf("%q: castling rooks %v, want %v", c.in, got, c.rooks)
		}
	}
	p := mustFEN(t, "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1")
	if p.EnPassantSquare() != E3 || p.HasLegalEnPassant() {
		t.Errorf("en passant square %v legal %v", p.EnPassantSquare(), p.HasLegalEnPassant())
	}
	p = mustFEN(t, "4k3/8/8/8/4P3/8/8/4K3 b - e6 0 1") // wrong rank: dropped
	if p.EnPassantSquare() != NoSquare {
		t.Errorf("impossible en passant square kept: %v", p.EnPassantSquare())
	}
}

func TestFENErrors(t *testing.T) {
	for _, c := range []struct{ fen, field string }{
		{"", "fen"},
		{"8/8/8/8/8/8/8/8 w", "fen"},
		{"8/8/8/8/8/8/8/8 w - - 0 1 extra", "fen"},
		{"8/8/8/8/8/8/8 w - - 0 1", "placement"},
		{"8/8/8/8/8/8/8/8/8 w - - 0 1", "placement"},
		{"9/8/8/8/8/8/8/8 w - - 0 1", "placement"},
		{"7/8/8/8/8/8/8/8 w - - 0 1", "placement"},
		{"ppppppppp/8/8/8/8/8/8/8 w - - 0 1", "placement"},
		{"8/8/8/8/8/8/8/7x w - - 0 1", "placement"},
		{"8/8/8/8/8/8/8/8/ w - - 0 1", "placement"},
		{"8/8/8/8/8/8/8/8 x - - 0 1", "side"},
		{"8/8/8/8/8/8/8/8 W - - 0 1", "side"},
		{"8/8/8/8/8/8/8/8 w KX - 0 1", "castling"},
		{"8/8/8/8/8/8/8/8 w KQkqKQkqK - 0 1", "castling"},
		{"8/8/8/8/8/8/8/8 w - e9 0 1", "en passant"},
		{"8/8/8/8/8/8/8/8 w - x 0 1", "en passant"},
		{"8/8/8/8/8/8/8/8 w - - -1 1", "halfmove clock"},
		{"8/8/8/8/8/8/8/8 w - - a 1", "halfmove clock"},
		{"8/8/8/8/8/8/8/8 w - - 0 1x", "fullmove number"},
		{"8/8/8/8/8/8/8/8 w - - 0 9999999999", "fullmove number"},
	} {
		_, err := ParseFEN(c.fen)
		var fe *FENError
		if !errors.As(err, &fe) {
			t.Errorf("%q: error %v, want *FENError", c.fen, err)
			continue
		}
		if fe.Field != c.field || !errors.Is(err, ErrInvalidFEN) || !strings.Contains(err.Error(), c.field) {
			t.Errorf("%q: error %v (field %q), want field %q", c.fen, err, fe.Field, c.field)
		}
	}
}

// TestImpossiblePositions checks that odd but parsable positions are
// accepted and usable.
func TestImpossiblePositions(t *testing.T) {
	for _, c := range []struct {
		fen   string
		moves int
	}{
		{"8/8/8/8/8/8/8/8 w - - 0 1", 0},
		{"8/8/8/8/8/8/8/R7 w - - 0 1", 14},    // no kings: pseudo-legal moves
		{"8/8/8/8/8/8/8/K1K5 w - - 0 1", 8},   // two kings, no safety to keep
		{"8/8/8/8/8/8/8/K1k5 w - - 0 1", 1},   // kings close together
		{"P7/8/8/8/8/8/8/p3K2k w - - 0 1", 5}, // pawns on the last and first rank
		{"k7/8/8/8/8/8/8/KQ6 b - - 0 1", 1},   // Black to move
		{"1k6/8/8/8/8/8/8/Kq6 w - - 0 1", 1},  // White in check, must take
		{"k7/8/8/8/8/8/8/K6r w - - 0 1", 2},   // White in check
		{"kr6/8/8/8/8/8/8/K6R w - - 0 1", 14}, // Ka2 and the rook moves
		{"QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQQ/QQQQQQQK w - - 0 1", 0},
	} {
		p := mustFEN(t, c.fen)
		var ml MoveList
		p.LegalMoves(&ml)
		if ml.N != c.moves {
			var names []string
			for _, m := range ml.Slice() {
				names = append(names, p.UCI(m))
			}
			t.Errorf("%q: %d moves %v, want %d", c.fen, ml.N, names, c.moves)
		}
		for _, m := range ml.Slice() {
			q := p
			q.Play(m)
			q.LegalMoves(&ml)
		}
	}
}

// FuzzParseFEN checks that ParseFEN never panics, and that whatever it
// accepts is written back as a FEN that reads to the same position.
func FuzzParseFEN(f *testing.F) {
	for _, name := range []string{"tricky.perft", "chess960-100.perft"} {
		for _, c := range loadPerftSuite(f, filepath.Join("testdata", name)) {
			f.Add(c.fen)
		}
	}
	for _, s := range []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1",
		"1r2k1rr/8/8/8/8/8/8/1R2K1RR w GBgb - 0 1",
		"kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ w - - 0 1",
		"8/8/8/8/8/8/8/8 b KQkq h3 5",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			var fe *FENError
			if !errors.As(err, &fe) {
				t.Fatalf("%q: error %v is not a *FENError", s, err)
			}
			return
		}
		fen := p.FEN()
		q, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("%q -> %q: %v", s, fen, err)
		}
		if q.Key() != p.Key() || q.HalfmoveClock() != p.HalfmoveClock() || q.FullmoveNumber() != p.FullmoveNumber() || q.Hash() != p.Hash() {
			t.Fatalf("%q -> %q -> %q", s, fen, q.FEN())
		}
		var ml MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			if !p.IsLegal(m) {
				t.Fatalf("%q: generated %s not IsLegal", s, p.UCI(m))
			}
			r := p
			r.Play(m)
			if r.computeHash() != r.Hash() {
				t.Fatalf("%q: hash wrong after %s", s, p.UCI(m))
			}
			_ = r.HasLegalMove()
		}
		_ = p.IsCheckmate()
		_ = p.IsStalemate()
	})
}
