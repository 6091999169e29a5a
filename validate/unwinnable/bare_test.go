package unwinnable

import (
	"math/rand/v2"
	"testing"

	"github.com/arbiter-chess/arbiter/chess"
)

// TestBareWitness: on random positions of a bare king (or king and pawns)
// against queens, rooks and pawns (with minor pieces that stay where they
// are), every line
// the bare-king construction reports replays legally to the winner's mate
// (it builds its moves without the move generator, so this checks its
// legality argument), a failed attempt is reported as such, and it
// succeeds on most positions.
func TestBareWitness(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	sets := []string{"Q", "R", "QQ", "RR", "QR", "QP", "RP", "RPP", "QB", "RN", "QBN", "RBPP", "QRPPP", "QNNP", "P", "PP", "BP", "NPP", "Qp", "Rpp", "QPpp", "Ppp", "PPp"}
	rounds := 6000
	if long() {
		rounds = 60000
	}
	tried, found := constructionRounds(t, rng, sets, rounds, (*Analyzer).bareKing, true)
	t.Logf("%d positions, %d mates built", tried, found)
	if found < tried*3/4 {
		t.Errorf("only %d of %d positions mated", found, tried)
	}
}

// TestBareKingOnly: the construction runs only for a king (and pawns)
// against a queen, a rook or a pawn; otherwise it reports nothing and
// spends no node.
func TestBareKingOnly(t *testing.T) {
	a := NewAnalyzer(Options{TTBits: 10})
	a.w, a.l = chess.White, chess.Black
	for _, tc := range []struct {
		fen  string
		mate bool
	}{
		{"8/8/8/4k3/8/8/8/4K2Q w - - 0 1", true},    // bare king: mated
		{"8/8/8/4k3/4p3/8/8/4K2Q w - - 0 1", true},  // a loser's pawn: mated
		{"8/8/8/4k3/4n3/8/8/4K2Q w - - 0 1", false}, // a loser's knight: not tried
		{"8/8/8/4k3/8/8/8/4K1BN w - - 0 1", false},  // no queen or rook: not tried
	} {
		p := parseFEN(t, tc.fen)
		a.nodes, a.limit = 0, 1<<30
		if got := a.bareKing(&p); got != tc.mate || !tc.mate && a.nodes != 0 {
			t.Errorf("%s: bareKing = %v after %d nodes, want %v", tc.fen, got, a.nodes, tc.mate)
		}
	}
}

// TestBareSafe: bareSafe, which works out the winner's attacks after a
// move without playing it, agrees with the attacks of the position after
// the move on random positions (king steps, queen, rook and pawn moves).
func TestBareSafe(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	a := NewAnalyzer(Options{TTBits: 10})
	a.w, a.l = chess.White, chess.Black
	n := 0
	for i := 0; i < 20000; i++ {
		p, ok := randomLonePosition(rng, []string{"QP", "RPp", "QRB", "PPpp", "RN"}[i%5], 'w')
		if !ok {
			continue
		}
		var ml chess.MoveList
		p.LegalMoves(&ml)
		lk := p.KingSquare(chess.Black)
		for _, m := range ml.Slice() {
			pt := p.PieceAt(m.From()).Type()
			if pt == chess.Knight || pt == chess.Bishop || m.IsCastle() || m.IsEnPassant() {
				continue
			}
			c := p
			c.Play(m)
			att := attacksOf(&c, chess.White, c.Occupied()&^lk.Bitboard())
			want := chess.KingAttacks(lk)&^c.Occupied()&^att != 0
			if got := a.bareSafe(&p, m, lk, 0); got != want {
				t.Fatalf("%s %v: %v want %v", p.FEN(), m, got, want)
			}
			n++
		}
	}
	t.Logf("%d moves compared", n)
}

// TestBareStuck: on random positions of a king (and pawns) against pawns
// and minor pieces, with either side to move, every attempt that bareStuck
// skips fails when run (bareTries), and gives no mate line.
func TestBareStuck(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	a := NewAnalyzer(Options{TTBits: 10})
	sets := []string{"P", "Pp", "PPp", "Ppp", "PPpp", "NPp", "BPp", "NBPPpp", "PPPppp", "PPPPpppp", "QPp", "RP"}
	stuck, rounds := 0, 20000
	if long() {
		rounds = 200000
	}
	for i := 0; i < rounds; i++ {
		stm := byte("wb"[rng.IntN(2)])
		p, ok := randomLonePosition(rng, sets[i%len(sets)], stm)
		if !ok || !p.HasLegalMove() || !bareStuck(&p, chess.White, chess.Black) {
			continue
		}
		stuck++
		a.w, a.l = chess.White, chess.Black
		a.nodes, a.limit, a.mateLen = 0, 1<<30, -1
		if a.bareTries(&p, 0, bareTries) || a.mateLen != -1 {
			t.Fatalf("%s: bareStuck, but the construction mates", p.FEN())
		}
	}
	if stuck < rounds/40 {
		t.Errorf("only %d of %d positions stuck", stuck, rounds)
	}
	t.Logf("%d stuck positions fail", stuck)
}
