package chess

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// genRefCheck compares every entry point of the move generator with the
// reference copy in ref_movegen_test.go on p: the same moves in the same
// order (callers such as the dead-position dives depend on the order),
// the same counts, the same IsLegal answers. It returns the number of
// legal moves.
func genRefCheck(t *testing.T, p *Position, rng *rand.Rand, where string) int {
	t.Helper()
	var got, want MoveList
	p.LegalMoves(&got)
	p.refLegalMoves(&want)
	if !sameMoves(&got, &want) {
		t.Fatalf("%s: %s: LegalMoves\n got  %v\n want %v", where, p.FEN(), got.Slice(), want.Slice())
	}
	all := want
	if n, w := p.CountLegalMoves(), p.refCountLegalMoves(); n != w {
		t.Fatalf("%s: %s: CountLegalMoves %d, want %d", where, p.FEN(), n, w)
	}
	for _, limit := range []int{1, 2, 3, 8} {
		if n, w := p.CountLegalMovesUpTo(limit), p.refCountLegalMovesUpTo(limit); n != w {
			t.Fatalf("%s: %s: CountLegalMovesUpTo(%d) %d, want %d", where, p.FEN(), limit, n, w)
		}
	}
	// Targets: everything, random sets, and single squares (each move's
	// destination, a castling king's destination, random ones).
	targets := []Bitboard{^Bitboard(0), Bitboard(rng.Uint64()), Bitboard(rng.Uint64() & rng.Uint64()), Square(rng.IntN(64)).Bitboard()}
	for _, m := range all.Slice() {
		if rng.IntN(4) == 0 || m.IsCastle() || m.IsEnPassant() {
			targets = append(targets, m.To().Bitboard())
			if m.IsCastle() {
				targets = append(targets, CastleKingTarget(m).Bitboard())
			}
		}
	}
	for pt := NoPieceType; pt <= King+1; pt++ {
		for _, to := range targets {
			p.LegalMovesTo(&got, pt, to)
			p.refLegalMovesTo(&want, pt, to)
			if !sameMoves(&got, &want) {
				t.Fatalf("%s: %s: LegalMovesTo(%v, %x)\n got  %v\n want %v", where, p.FEN(), pt, uint64(to), got.Slice(), want.Slice())
			}
		}
	}
	// IsLegal on the legal moves, on near misses and on random encodings.
	cands := make([]Move, 0, all.N+16)
	for _, m := range all.Slice() {
		cands = append(cands, m, m^FlagPromotion, m^FlagCastle, m^FlagEnPassant)
	}
	for range 16 {
		cands = append(cands, Move(rng.Uint32()))
	}
	for _, m := range cands {
		if g, w := p.IsLegal(m), p.refIsLegal(m); g != w {
			t.Fatalf("%s: %s: IsLegal(%v) %v, want %v", where, p.FEN(), m, g, w)
		}
	}
	return all.N
}

func sameMoves(a, b *MoveList) bool {
	if a.N != b.N {
		return false
	}
	for i := range a.N {
		if a.Moves[i] != b.Moves[i] {
			return false
		}
	}
	return true
}

// TestGenReference compares the generator with the reference copy of the
// previous generator on the perft positions, the final positions of the
// dead-position tests (endgames), real games, random walks from all of
// them, and random placements of any material (no king, several kings,
// castling rights and en passant squares that may or may not be usable).
func TestGenReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	positions, moves := 0, 0
	check := func(p *Position, where string) {
		positions++
		moves += genRefCheck(t, p, rng, where)
	}
	walk := func(start Position, n int, where string) {
		randomWalk(start, n, rng, func(p *Position, _ Move) { check(p, where) })
	}

	for i, p := range testPositions(t, 9) {
		walk(p, 16, fmt.Sprintf("perft position %d", i))
	}

	for _, f := range []string{"lichess-finals.txt", "twic-tcec-finals.txt", "test-vector-sample.txt"} {
		path := filepath.Join("..", "validate", "unwinnable", "testdata", f)
		for i, fen := range readFENLines(t, path) {
			p, err := ParseFEN(fen)
			if err != nil {
				continue
			}
			walk(p, 24, fmt.Sprintf("%s line %d", f, i+1))
		}
	}

	maxGames := 100
	if long() {
		maxGames = 1 << 30
	}
	for _, name := range ntGameFiles {
		if _, err := os.Stat(ntSharedPath("corpus", "games", name)); err != nil {
			t.Logf("%s absent", name)
			continue
		}
		games := ntSplitGames(ntReadShared(t, "corpus", "games", name))
		for gi, g := range games {
			if gi >= maxGames {
				break
			}
			p, ok := ntStartOf(t, g)
			if !ok {
				continue
			}
			for ply, tok := range g.tokens {
				where := fmt.Sprintf("%s game %d ply %d", name, gi+1, ply)
				check(&p, where)
				pm := p.ParseMove(tok, English)
				if pm.Status != MoveOK {
					break
				}
				p.Play(pm.Move)
			}
			check(&p, fmt.Sprintf("%s game %d end", name, gi+1))
		}
	}

	nRandom := 3000
	if long() {
		nRandom = 30000
	}
	for i := range nRandom {
		fen := randomPlacementFEN(rng)
		p, err := ParseFEN(fen)
		if err != nil {
			continue
		}
		walk(p, 6, fmt.Sprintf("random placement %d (%s)", i, fen))
	}
	t.Logf("%d positions, %d legal moves compared", positions, moves)
}

// readFENLines returns the FEN of each line of a file of lines "FEN;...".
func readFENLines(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Logf("%s: %v", path, err)
		return nil
	}
	defer f.Close()
	var fens []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fen, _, _ := strings.Cut(line, ";")
		fens = append(fens, strings.TrimSpace(fen))
	}
	return fens
}

// randomPlacementFEN returns the FEN of a random placement: kings (usually
// one each, sometimes none or two), a random number of other pieces, pawns
// anywhere but the first and last ranks (mostly), random castling rights
// and en passant square.
func randomPlacementFEN(rng *rand.Rand) string {
	var board [64]byte
	put := func(c byte, lo, hi int) {
		for range 8 {
			s := lo + rng.IntN(hi-lo)
			if board[s] == 0 {
				board[s] = c
				return
			}
		}
	}
	// Often put kings on their castling squares with rooks in the corners.
	castled := [2]bool{rng.IntN(3) == 0, rng.IntN(3) == 0}
	if castled[0] {
		board[4], board[0], board[7] = 'K', 'R', 'R'
	}
	if castled[1] {
		board[60], board[56], board[63] = 'k', 'r', 'r'
	}
	for i, k := range []byte{'K', 'k'} {
		n := 1
		switch rng.IntN(20) {
		case 0:
			n = 0
		case 1:
			n = 2
		}
		if castled[i] {
			n--
		}
		for range n {
			put(k, 0, 64)
		}
	}
	white := rng.IntN(2) == 0
	ep := "-"
	if rng.IntN(3) == 0 {
		// A pawn that has just made a double step, often with an enemy
		// pawn beside it to take it en passant.
		f := rng.IntN(8)
		victim, epSq, capturer, attacker := 32+f, 40+f, byte('p'), byte('P')
		if !white {
			victim, epSq, capturer, attacker = 24+f, 16+f, 'P', 'p'
		}
		board[victim], board[epSq], board[epSq+(epSq-victim)] = capturer, 0, 0
		for _, df := range []int{-1, 1} {
			if f+df >= 0 && f+df < 8 && rng.IntN(2) == 0 {
				board[victim+df] = attacker
			}
		}
		ep = string(rune('a'+f)) + string(rune('1'+epSq/8))
	}
	const pieces = "PNBRQpnbrq"
	for range rng.IntN(24) {
		c := pieces[rng.IntN(len(pieces))]
		if c == 'P' || c == 'p' {
			put(c, 8, 56)
		} else {
			put(c, 0, 64)
		}
	}
	var sb strings.Builder
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := range 8 {
			c := board[r*8+f]
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				sb.WriteByte(byte('0' + empty))
				empty = 0
			}
			sb.WriteByte(c)
		}
		if empty > 0 {
			sb.WriteByte(byte('0' + empty))
		}
		if r > 0 {
			sb.WriteByte('/')
		}
	}
	side := "w"
	if !white {
		side = "b"
	}
	castle := ""
	for _, c := range "KQkq" {
		if rng.IntN(2) == 0 {
			castle += string(c)
		}
	}
	if castle == "" {
		castle = "-"
	}
	return fmt.Sprintf("%s %s %s %s 0 1", sb.String(), side, castle, ep)
}
