package chess

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func uciList(p *Position, ml *MoveList) []string {
	out := make([]string, 0, ml.N)
	for _, m := range ml.Slice() {
		out = append(out, p.UCI(m))
	}
	slices.Sort(out)
	return out
}

// TestIsLegalExhaustive compares IsLegal on all 65536 Move values with
// membership in LegalMoves, in positions along random games.
func TestIsLegalExhaustive(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 0
	legal := make([]bool, 1<<16)
	for i, start := range testPositions(t, 97) {
		if i%3 != 0 {
			continue
		}
		randomWalk(start, 6, rng, func(p *Position, _ Move) {
			var ml MoveList
			p.LegalMoves(&ml)
			for _, m := range ml.Slice() {
				if legal[m] {
					t.Fatalf("%s: duplicate move %s", p.FEN(), p.UCI(m))
				}
				legal[m] = true
			}
			for m := Move(1); m != 0; m++ {
				if p.IsLegal(m) != legal[m] {
					t.Fatalf("%s: IsLegal(%s = %#x) = %v", p.FEN(), p.UCI(m), uint16(m), !legal[m])
				}
			}
			for _, m := range ml.Slice() {
				legal[m] = false
			}
			if p.HasLegalMove() != (ml.N > 0) {
				t.Fatalf("%s: HasLegalMove wrong", p.FEN())
			}
			n++
		})
	}
	t.Logf("%d positions", n)
}

// TestLegalMovesTo compares LegalMovesTo with filtering LegalMoves, for
// every piece type and every single target square.
func TestLegalMovesTo(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i, start := range testPositions(t, 31) {
		if i%2 != 0 {
			continue
		}
		randomWalk(start, 8, rng, func(p *Position, _ Move) {
			var all, some MoveList
			p.LegalMoves(&all)
			for pt := NoPieceType; pt <= King; pt++ {
				for s := A1; s <= H8; s++ {
					p.LegalMovesTo(&some, pt, s.Bitboard())
					var want []Move
					for _, m := range all.Slice() {
						if pt != NoPieceType && p.MovedPiece(m).Type() != pt {
							continue
						}
						if m.To() == s || (m.IsCastle() && CastleKingTarget(m) == s) {
							want = append(want, m)
						}
					}
					got := slices.Clone(some.Slice())
					slices.Sort(got)
					slices.Sort(want)
					if !slices.Equal(got, want) {
						t.Fatalf("%s: LegalMovesTo(%v, %v) = %v, want %v", p.FEN(), pt, s, got, want)
					}
				}
			}
		})
	}
}

// TestUCIRoundTrip checks UCI and ParseUCI on every legal move along random
// games, including the other castling notation.
func TestUCIRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, start := range testPositions(t, 13) {
		randomWalk(start, 10, rng, func(p *Position, _ Move) {
			var ml MoveList
			p.LegalMoves(&ml)
			for _, m := range ml.Slice() {
				s := p.UCI(m)
				if got, ok := p.ParseUCI(s); !ok || got != m {
					t.Fatalf("%s: ParseUCI(%s) = %v, %v", p.FEN(), s, got, ok)
				}
				if !m.IsCastle() {
					continue
				}
				// The other notation: king takes rook, or king to its target.
				q := *p
				q.SetChess960(!p.Chess960())
				alt := q.UCI(m)
				got, ok := p.ParseUCI(alt)
				if !ok {
					t.Fatalf("%s: ParseUCI(%s) failed", p.FEN(), alt)
				}
				if got != m && !(got.From() == m.From() && got.To() == CastleKingTarget(m) && !got.IsCastle()) {
					t.Fatalf("%s: ParseUCI(%s) = %s", p.FEN(), alt, p.UCI(got))
				}
			}
			for _, bad := range []string{"", "e2", "e2e4x", "i1a1", "a1a1", "0000", "e7e8k"} {
				if _, ok := p.ParseUCI(bad); ok && bad != "" {
					t.Fatalf("%s: ParseUCI(%q) accepted", p.FEN(), bad)
				}
			}
		})
	}
}

func TestCastling960(t *testing.T) {
	for _, c := range []struct {
		name, fen string
		legal     []string // castling moves (UCI, Chess960 form) expected
		after     map[string]string
	}{
		{"king does not move", "4k3/8/8/8/8/8/8/6KR w K - 0 1", []string{"g1h1"},
			map[string]string{"g1h1": "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"}},
		{"rook does not move", "4k3/8/8/8/8/8/8/4KR2 w K - 0 1", []string{"e1f1"},
			map[string]string{"e1f1": "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"}},
		{"king and rook swap", "4k3/8/8/8/8/8/8/5KR1 w K - 0 1", []string{"f1g1"},
			map[string]string{"f1g1": "4k3/8/8/8/8/8/8/5RK1 b - - 1 1"}},
		{"queen side swap", "4k3/8/8/8/8/8/8/2RK4 w Q - 0 1", []string{"d1c1"},
			map[string]string{"d1c1": "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"}},
		{"rook right of the king is a king-side rook", "4k3/8/8/8/8/8/8/1KR5 w Q - 0 1", nil, nil},
		{"queen side rook on b, king stays on c", "4k3/8/8/8/8/8/8/1RK5 w Q - 0 1", []string{"c1b1"},
			map[string]string{"c1b1": "4k3/8/8/8/8/8/8/2KR4 b - - 1 1"}},
		{"rook behind the castling rook attacks after", "4k3/8/8/8/8/8/8/rRK5 w Q - 0 1", nil, nil},
		{"queen behind the castling rook, king on b", "4k3/8/8/8/8/8/8/qRK5 w Q - 0 1", nil, nil},
		{"blocked target square", "4k3/8/8/8/8/8/8/1KRN4 w Q - 0 1", nil, nil},
		{"attacked target", "4k3/8/8/8/8/8/8/5KR1 w K - 0 1", []string{"f1g1"}, nil},
		{"attacked target square g1", "4k1r1/8/8/8/8/8/8/5KR1 w K - 0 1", nil, nil},
		{"attacked rook square is fine", "4k2r/8/8/8/8/8/8/4K2R w K - 0 1", []string{"e1h1"}, nil},
		{"attacked king path", "4kr2/8/8/8/8/8/8/4K2R w K - 0 1", nil, nil},
		{"in check", "4k3/8/8/8/8/8/4r3/4K2R w K - 0 1", nil, nil},
		{"both sides, rook between", "4k3/8/8/8/8/8/8/RK4R1 w KQ - 0 1", []string{"b1a1", "b1g1"},
			map[string]string{"b1a1": "4k3/8/8/8/8/8/8/2KR2R1 b - - 1 1", "b1g1": "4k3/8/8/8/8/8/8/R4RK1 b - - 1 1"}},
		{"piece between king and rook", "4k3/8/8/8/8/8/8/RK2B1R1 w KQ - 0 1", []string{"b1a1"}, nil},
		{"other piece on rook target", "4k3/8/8/8/8/8/8/1K3BR1 w K - 0 1", nil, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := mustFEN(t, c.fen)
			p.SetChess960(true)
			var ml MoveList
			p.LegalMoves(&ml)
			var got []string
			for _, m := range ml.Slice() {
				if m.IsCastle() {
					got = append(got, p.UCI(m))
				}
			}
			slices.Sort(got)
			if !slices.Equal(got, c.legal) {
				t.Fatalf("%s: castling moves %v, want %v", c.fen, got, c.legal)
			}
			for mv, want := range c.after {
				q := p
				playUCI(t, &q, mv)
				if fen := q.FEN(); fen != want {
					t.Errorf("after %s: %s, want %s", mv, fen, want)
				}
				if w := mustFEN(t, want); w.Hash() != q.Hash() {
					t.Errorf("after %s: hash differs", mv)
				}
			}
		})
	}
}

func TestEnPassantEdgeCases(t *testing.T) {
	for _, c := range []struct {
		fen   string
		moves string // UCI moves then the expected presence of the ep capture
		ep    string
		legal bool
	}{
		{"8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1", "e2e4", "d4e3", false}, // both pawns leave the rank
		{"8/8/8/8/R2p3k/8/4P3/4K3 w - - 0 1", "e2e4", "d4e3", false}, // same, rook on the other side
		{"8/8/8/8/k2p4/8/4P3/4K2R w - - 0 1", "e2e4", "d4e3", true},
		{"8/8/8/8/3p4/8/4P3/k3K2R w - - 0 1", "e2e4", "d4e3", true},
		{"4k3/4r3/8/8/3p4/8/4P3/4K3 w - - 0 1", "e2e4", "d4e3", true}, // nothing pinned: e-file rook irrelevant for Black
		{"8/8/8/5k2/3p4/8/4P3/4K3 w - - 0 1", "e2e4", "d4e3", true},   // the double-stepped pawn checks: ep removes it
		{"8/8/8/5k2/3p4/8/4P3/4K2R w - - 0 1", "e2e4", "d4e3", true},
		{"8/8/8/8/1k1p4/8/4P3/4K3 w - - 0 1", "e2e4", "d4e3", true},
		{"7k/8/8/8/3p4/8/4P3/B3K3 w - - 0 1", "e2e4", "d4e3", false}, // d4 pinned on the diagonal
		{"8/8/8/7k/5p2/8/4P3/3BK3 w - - 0 1", "e2e4", "f4e3", false}, // discovered check the capture does not answer
		{"8/8/8/8/3p4/8/4P3/4K3 w - - 0 1", "e2e4", "d4e3", true},
	} {
		p := mustFEN(t, c.fen)
		playUCI(t, &p, strings.Fields(c.moves)...)
		_, ok := p.ParseUCI(c.ep)
		if ok != c.legal {
			t.Errorf("%s: %s legal %v, want %v", p.FEN(), c.ep, ok, c.legal)
		}
		if p.HasLegalEnPassant() != ok {
			t.Errorf("%s: HasLegalEnPassant %v", p.FEN(), p.HasLegalEnPassant())
		}
	}
}

func TestMateAndStalemate(t *testing.T) {
	for _, c := range []struct {
		fen              string
		check, mate, stm bool
	}{
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", true, true, false},
		{"7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false, false, true},
		{"7k/8/8/6K1/8/8/8/5Q2 b - - 0 1", false, false, false},
		{"k7/8/1K6/8/8/8/8/7R b - - 0 1", false, false, false},
		{"k6R/8/1K6/8/8/8/8/8 b - - 0 1", true, true, false},
		{"8/8/8/8/8/8/8/8 w - - 0 1", false, false, true},
	} {
		p := mustFEN(t, c.fen)
		if p.InCheck() != c.check || p.IsCheckmate() != c.mate || p.IsStalemate() != c.stm {
			t.Errorf("%s: check %v mate %v stalemate %v", c.fen, p.InCheck(), p.IsCheckmate(), p.IsStalemate())
		}
	}
}

func TestMovedAndCapturedPiece(t *testing.T) {
	p := mustFEN(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	m, _ := p.ParseUCI("e5f7")
	if p.MovedPiece(m) != MakePiece(White, Knight) || p.CapturedPiece(m) != MakePiece(Black, Pawn) || !p.IsCapture(m) {
		t.Errorf("e5f7: %v %v", p.MovedPiece(m), p.CapturedPiece(m))
	}
	m, _ = p.ParseUCI("e1g1")
	if p.MovedPiece(m) != MakePiece(White, King) || p.CapturedPiece(m) != NoPiece || m.To() != H1 {
		t.Errorf("e1g1: %v %v %v", p.MovedPiece(m), p.CapturedPiece(m), m.To())
	}
	playUCI(t, &p, "a2a4")
	m, ok := p.ParseUCI("b4a3")
	if !ok || !m.IsEnPassant() || p.CapturedPiece(m) != MakePiece(White, Pawn) {
		t.Errorf("b4a3 e.p.: %v %v", ok, p.CapturedPiece(m))
	}
	q := p
	q.Play(NullMove)
	if q.SideToMove() != White || q.EnPassantSquare() != NoSquare || q.computeHash() != q.Hash() || p.UCI(NullMove) != "0000" {
		t.Errorf("null move: %s", q.FEN())
	}
}

// TestAttackTables checks the magic lookups against ray walking.
func TestAttackTables(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 20000; i++ {
		occ := Bitboard(rng.Uint64() & rng.Uint64())
		s := Square(rng.IntN(64))
		if RookAttacks(s, occ) != slowSliderAttacks(s, occ, &rookDirs) || BishopAttacks(s, occ) != slowSliderAttacks(s, occ, &bishopDirs) {
			t.Fatalf("slider attacks wrong on %v with %#x", s, uint64(occ))
		}
	}
	if KnightAttacks(A1) != B3.Bitboard()|C2.Bitboard() || KingAttacks(H8).Count() != 3 || PawnAttacks(White, E2) != D3.Bitboard()|F3.Bitboard() || PawnAttacks(Black, A7) != B6.Bitboard() {
		t.Errorf("leaper tables wrong")
	}
	if Between(A1, H8) != 0x0040201008040200 || Line(B1, B5) != FileB || Between(A1, B3) != 0 {
		t.Errorf("between/line wrong")
	}
}

// TestTerminalPositions checks IsCheckmate and IsStalemate on sunfish's
// labelled terminal positions ("mate-now", "stalemate-now" and the parents,
// which are not terminal) and its stalemate0.fen.
func TestTerminalPositions(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "reference", "sunfish", "terminal_bench.epd"))
	if err != nil {
		t.Fatal(err)
	}
	counts := map[string]int{}
	for _, line := range strings.Split(string(data), "\n") {
		fen, class, ok := strings.Cut(line, ";")
		if !ok {
			continue
		}
		class = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(class), "class"))
		class, _, _ = strings.Cut(class, ";")
		p := mustFEN(t, fen)
		mate, stale := false, false
		switch {
		case strings.HasPrefix(class, "mate-now"):
			mate = true
		case strings.HasPrefix(class, "stalemate-now"):
			stale = true
		case strings.HasPrefix(class, "parent-of-") || strings.HasPrefix(class, "grandparent-of-"):
		default:
			continue
		}
		if p.IsCheckmate() != mate || p.IsStalemate() != stale {
			t.Errorf("%s (%s): checkmate %v stalemate %v", fen, class, p.IsCheckmate(), p.IsStalemate())
		}
		counts[class]++
	}
	data, err = os.ReadFile(filepath.Join("testdata", "reference", "sunfish", "stalemate0.fen"))
	if err != nil {
		t.Fatal(err)
	}
	for _, fen := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if p := mustFEN(t, fen); !p.IsStalemate() {
			t.Errorf("%s: not stalemate", fen)
		}
		counts["stalemate0.fen"]++
	}
	t.Logf("%v", counts)
}

// TestCountAndHasLegalMove compares the list-free counters (whole and up
// to a limit) with LegalMoves along random games played to their end.
func TestCountAndHasLegalMove(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	ends := 0
	for _, start := range testPositions(t, 11) {
		randomWalk(start, 300, rng, func(p *Position, m Move) {
			var ml MoveList
			p.LegalMoves(&ml)
			if p.CountLegalMoves() != ml.N || p.HasLegalMove() != (ml.N > 0) {
				t.Fatalf("%s: count %d has %v, list %d", p.FEN(), p.CountLegalMoves(), p.HasLegalMove(), ml.N)
			}
			for _, limit := range []int{1, 2, 3, 5, 20, 300} {
				if got := p.CountLegalMovesUpTo(limit); got != min(ml.N, limit) {
					t.Fatalf("%s: CountLegalMovesUpTo(%d) = %d, list %d", p.FEN(), limit, got, ml.N)
				}
			}
			if ml.N == 0 {
				ends++
			}
			if m != NullMove && p.GivesCheck(m) != func() bool { q := *p; q.Play(m); return q.Checkers() != 0 }() {
				t.Fatalf("GivesCheck")
			}
		})
	}
	t.Logf("%d games ended in mate or stalemate", ends)
}
