package chess

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Published test keys of the Polyglot book format
// (http://hgm.nubati.net/book_format.html), reached from the start position.
var polyglotVectors = []struct {
	moves string
	fen   string
	key   uint64
}{
	{"", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 0x463b96181691fc9c},
	{"e2e4", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", 0x823c9b50fd114196},
	{"e2e4 d7d5", "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2", 0x0756b94461c50fb0},
	{"e2e4 d7d5 e4e5", "rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2", 0x662fafb965db29d4},
	{"e2e4 d7d5 e4e5 f7f5", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", 0x22a48b5a8e47ff78},
	{"e2e4 d7d5 e4e5 f7f5 e1e2", "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3", 0x652a607ca3f242c1},
	{"e2e4 d7d5 e4e5 f7f5 e1e2 e8f7", "rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4", 0x00fdd303c946bdd9},
	{"a2a4 b7b5 h2h4 b5b4 c2c4", "rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3", 0x3c8123ea7b067637},
	{"a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3", "rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4", 0x5c3f9b829b279560},
}

func TestPolyglotVectors(t *testing.T) {
	for _, v := range polyglotVectors {
		p := StartPosition()
		playUCI(t, &p, strings.Fields(v.moves)...)
		if got := p.PolyglotKey(); got != v.key {
			t.Errorf("after %q: PolyglotKey %016x, want %016x", v.moves, got, v.key)
		}
		// In all these positions Polyglot's en passant rule and the legal
		// rule agree, so Hash is the Polyglot key too.
		if got := p.Hash(); got != v.key {
			t.Errorf("after %q: Hash %016x, want %016x", v.moves, got, v.key)
		}
		q := mustFEN(t, v.fen)
		if q.PolyglotKey() != v.key || q.Key() != p.Key() {
			t.Errorf("FEN %q: key %016x, want %016x", v.fen, q.PolyglotKey(), v.key)
		}
		// The published FENs write an en passant square after every double
		// step and leave the halfmove clock at 0: compare the first fields.
		if got, want := strings.Fields(p.FEN())[:3], strings.Fields(v.fen)[:3]; strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("after %q: FEN %q, want %q", v.moves, p.FEN(), v.fen)
		}
	}
}

// TestHashIncremental plays random games from many positions and checks
// after every move that the incrementally updated hash equals the hash
// computed from scratch, and the hash of the position read back from FEN.
func TestHashIncremental(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	moves := 0
	for _, start := range testPositions(t, 7) {
		randomWalk(start, 40, rng, func(p *Position, m Move) {
			moves++
			if h := p.computeHash(); h != p.Hash() {
				t.Fatalf("%s: incremental hash %016x, from scratch %016x", p.FEN(), p.Hash(), h)
			}
			if ep := p.computeEPLegal(); ep != p.HasLegalEnPassant() {
				t.Fatalf("%s: epLegal %v, recomputed %v", p.FEN(), p.HasLegalEnPassant(), ep)
			}
			q := mustFEN(t, p.FEN())
			if q.Hash() != p.Hash() || q.Key() != p.Key() {
				t.Fatalf("%s: hash/key differ after FEN round trip", p.FEN())
			}
			if q.PolyglotKey() != p.PolyglotKey() && p.EnPassantSquare() == q.EnPassantSquare() {
				t.Fatalf("%s: polyglot key differs after FEN round trip", p.FEN())
			}
		})
	}
	t.Logf("%d positions checked", moves)
}

// TestHashFIDEIdentity checks the cases where an en passant square stands
// but no legal en passant capture exists: the position is the same (art.
// 9.2.3) as without the en passant square.
func TestHashFIDEIdentity(t *testing.T) {
	for _, c := range []struct {
		name, fen string
		moves     string
		noEP      string // the same position without en passant
		legalEP   bool
	}{
		{"discovered rank check", "8/8/8/8/k2p3R/8/4P3/4K3 w - - 0 1", "e2e4", "8/8/8/8/k2pP2R/8/8/4K3 b - - 0 1", false},
		{"rank pin both pawns", "8/2p5/8/KP5r/8/8/8/7k b - - 0 1", "c7c5", "8/8/8/KPp4r/8/8/8/7k w - - 0 2", false},
		{"diagonal pin", "1b2k3/5p2/8/4P3/8/8/7K/8 b - - 0 1", "f7f5", "1b2k3/8/8/4Pp2/8/8/7K/8 w - - 0 2", false},
		{"capture possible", "4k3/5p2/8/4P3/8/8/7K/8 b - - 0 1", "f7f5", "4k3/8/8/4Pp2/8/8/7K/8 w - - 0 2", true},
		{"no pawn next to it", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e2e4", "4k3/8/8/8/4P3/8/8/4K3 b - - 0 1", false},
		{"ep answers check", "8/8/8/2k5/8/8/3P4/4K3 w - - 0 1", "d2d4", "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := mustFEN(t, c.fen)
			playUCI(t, &p, strings.Fields(c.moves)...)
			if p.HasLegalEnPassant() != c.legalEP {
				t.Fatalf("%s: HasLegalEnPassant %v, want %v", p.FEN(), p.HasLegalEnPassant(), c.legalEP)
			}
			if c.noEP == "" {
				return
			}
			if p.EnPassantSquare() == NoSquare {
				t.Fatalf("%s: no en passant square after a double step", p.FEN())
			}
			q := mustFEN(t, c.noEP)
			if (p.Hash() == q.Hash()) == c.legalEP || (p.Key() == q.Key()) == c.legalEP {
				t.Errorf("%s vs %s: equal hash %v, equal key %v, legal ep %v", p.FEN(), q.FEN(), p.Hash() == q.Hash(), p.Key() == q.Key(), c.legalEP)
			}
			// Polyglot hashes the file whenever a pawn stands next to it.
			adjacent := pawnAttacks[p.side^1][p.ep]&p.Pieces(p.side, Pawn) != 0
			if (p.PolyglotKey() == q.PolyglotKey()) == adjacent {
				t.Errorf("PolyglotKey equality %v with adjacent pawn %v", p.PolyglotKey() == q.PolyglotKey(), adjacent)
			}
		})
	}
	// The "ep answers check" case: after d2d4 the pawn gives check to the
	// king on c5, and ...cxd3 is impossible without a black pawn; add one.
	p := mustFEN(t, "8/8/8/2k5/4p3/8/3P4/4K3 w - - 0 1")
	playUCI(t, &p, "d2d4")
	if !p.InCheck() || !p.HasLegalEnPassant() {
		t.Fatalf("%s: want check answered by en passant", p.FEN())
	}
	if _, ok := p.ParseUCI("e4d3"); !ok {
		t.Errorf("%s: e4d3 e.p. should be legal", p.FEN())
	}
}

func TestHashCastlingRights(t *testing.T) {
	start := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
	p := start
	playUCI(t, &p, "h1g1", "h8g8", "g1h1", "g8h8")
	if p.Hash() == start.Hash() || p.Key() == start.Key() {
		t.Errorf("rights lost but hash/key unchanged")
	}
	if want := mustFEN(t, "r3k2r/8/8/8/8/8/8/R3K2R w Qq - 4 3"); p.Hash() != want.Hash() || p.Key() != want.Key() || p.FEN() != want.FEN() {
		t.Errorf("got %s, want %s", p.FEN(), want.FEN())
	}
	// Moving knights out and back repeats the position: same hash.
	p = StartPosition()
	playUCI(t, &p, "g1f3", "g8f6", "f3g1", "f6g8")
	if s := StartPosition(); p.Hash() != s.Hash() || p.Key() != s.Key() {
		t.Errorf("repetition not detected")
	}
	// A rook captured on its square loses the right.
	p = mustFEN(t, "r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1")
	playUCI(t, &p, "g2h1")
	if p.CastlingRook(White, true) != NoSquare || p.CastlingRook(White, false) != A1 {
		t.Errorf("%s: rights after rook capture wrong", p.FEN())
	}
}

// TestShakmatyZobrist replays the games of shakmaty's zobrist.csv. Its keys
// are 128 bits; the low 64 bits are the Polyglot key (shakmaty's Zobrist
// tables extend the Polyglot numbers), which we check with PolyglotKey.
func TestShakmatyZobrist(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "reference", "shakmaty", "zobrist.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	games, plies := 0, 0
	for line := 1; sc.Scan(); line++ {
		parts := strings.Split(sc.Text(), ",")
		if len(parts) != 3 || parts[0] != "chess" {
			continue
		}
		want, err := strconv.ParseUint(strings.TrimPrefix(parts[2], "0x")[16:], 16, 64)
		if err != nil {
			t.Fatalf("line %d: %v", line, err)
		}
		p := StartPosition()
		for _, s := range strings.Fields(parts[1]) {
			m, ok := p.ParseUCI(s)
			if !ok {
				t.Fatalf("line %d: %s: %s not legal", line, p.FEN(), s)
			}
			if got := p.UCI(m); got != s {
				t.Errorf("line %d: UCI %s, read %s", line, got, s)
			}
			p.Play(m)
			plies++
		}
		if got := p.PolyglotKey(); got != want {
			t.Errorf("line %d: %s: PolyglotKey %016x, want %016x", line, p.FEN(), got, want)
		}
		games++
	}
	if games != 100 {
		t.Errorf("%d chess games, want 100", games)
	}
	t.Logf("%d games, %d plies", games, plies)
}

func ExamplePosition_Hash() {
	p := StartPosition()
	for _, s := range []string{"g1f3", "g8f6", "f3g1", "f6g8"} {
		m, _ := p.ParseUCI(s)
		p.Play(m)
	}
	s := StartPosition()
	fmt.Printf("%016x %v\n", p.Hash(), p.Key() == s.Key())
	// Output: 463b96181691fc9c true
}

// TestHashAfterQuiet compares HashAfterQuiet with the hash after playing
// the move, for every quiet move (no capture, no pawn move, castling
// included) of positions along random walks in standard and Chess960 games.
func TestHashAfterQuiet(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var ml MoveList
	checked, castles := 0, 0
	for _, start := range testPositions(t, 5) {
		randomWalk(start, 30, rng, func(p *Position, _ Move) {
			p.LegalMoves(&ml)
			for _, m := range ml.Slice() {
				if m.Kind() != FlagCastle && (m.Kind() != FlagNormal || p.MovedPiece(m).Type() == Pawn || p.CapturedPiece(m) != NoPiece) {
					continue
				}
				q := *p
				q.Play(m)
				if got := p.HashAfterQuiet(m); got != q.Hash() {
					t.Fatalf("%s %s: HashAfterQuiet %016x, after Play %016x", p.FEN(), p.UCI(m), got, q.Hash())
				}
				checked++
				if m.Kind() == FlagCastle {
					castles++
				}
			}
		})
	}
	if castles == 0 {
		t.Fatal("no castling move checked")
	}
	t.Logf("%d quiet moves checked, %d castlings", checked, castles)
}
