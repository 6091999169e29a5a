package chess

import (
	"bufio"
	"encoding/binary"
	"flag"
	"fmt"
	"hash"
	"hash/fnv"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/arbiter-chess/arbiter/internal/fentest"
)

// genDigest writes into h everything the move generator's entry points
// say about p: LegalMoves (the moves in their order: callers such as the
// dead-position dives depend on it), CountLegalMoves, CountLegalMovesUpTo,
// LegalMovesTo for every piece type and several kinds of target, and
// IsLegal on the legal moves, near misses and random encodings. It
// returns the number of legal moves.
func genDigest(h hash.Hash64, p *Position, rng *rand.Rand) int {
	var buf [8]byte
	put := func(v uint64) {
		binary.LittleEndian.PutUint64(buf[:], v)
		h.Write(buf[:])
	}
	putList := func(ml *MoveList) {
		put(uint64(ml.N))
		for _, m := range ml.Slice() {
			put(uint64(m))
		}
	}
	var all, got MoveList
	p.LegalMoves(&all)
	putList(&all)
	put(uint64(p.CountLegalMoves()))
	for _, limit := range []int{1, 2, 3, 8} {
		put(uint64(p.CountLegalMovesUpTo(limit)))
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
			putList(&got)
		}
	}
	cands := make([]Move, 0, all.N*4+16)
	for _, m := range all.Slice() {
		cands = append(cands, m, m^FlagPromotion, m^FlagCastle, m^FlagEnPassant)
	}
	for range 16 {
		cands = append(cands, Move(rng.Uint32()))
	}
	for _, m := range cands {
		if p.IsLegal(m) {
			put(uint64(m))
		}
	}
	return all.N
}

var updateGenDigests = flag.Bool("update-gen", false, "rewrite testdata/movegen-digests.txt from the current move generator")

// TestGenReference pins the move generator's output: a digest of what
// every entry point says (genDigest) on the perft positions (testdata's,
// and the shared corpus's when it is present), the final
// positions of the dead-position tests (endgames), the first 100 games of
// each real-game file, random walks from all of them, and random
// placements of any material (no king, several kings, castling rights and
// en passant squares that may or may not be usable), compared with
// testdata/movegen-digests.txt. The digests were written by the generator
// of 22 November and checked then against this one move by move; a change
// of the generator that changes a move, a count or the order of the moves
// fails here (perft and TestDifferential check the moves themselves).
// Rewrite the file with -update-gen only for a change meant to alter them.
func TestGenReference(t *testing.T) {
	digests := map[string]uint64{}
	positions := 0
	var rng *rand.Rand // each group's own, so that a group left out (corpus absent) changes no other
	group := func(name string, run func(check func(p *Position))) {
		seed := fnv.New64a()
		seed.Write([]byte(name))
		rng = rand.New(rand.NewPCG(7, seed.Sum64()))
		h := fnv.New64a()
		run(func(p *Position) {
			positions++
			genDigest(h, p, rng)
		})
		digests[name] = h.Sum64()
	}
	walk := func(check func(p *Position), start Position, n int) {
		randomWalk(start, n, rng, func(p *Position, _ Move) { check(p) })
	}

	group("perft", func(check func(p *Position)) {
		for _, p := range localPerftPositions(t) {
			walk(check, p, 16)
		}
	})
	if shared := sharedPerftPositions(t, 9); len(shared) > 0 {
		group("perft shared", func(check func(p *Position)) {
			for _, p := range shared {
				walk(check, p, 16)
			}
		})
	}
	group("finals", func(check func(p *Position)) {
		for _, f := range []string{"lichess-finals.txt", "twic-tcec-finals.txt", "test-vector-sample.txt"} {
			for _, fen := range readFENLines(t, filepath.Join("..", "validate", "unwinnable", "testdata", f)) {
				if p, err := ParseFEN(fen); err == nil {
					walk(check, p, 24)
				}
			}
		}
	})
	for _, name := range ntGameFiles {
		if _, err := os.Stat(ntSharedPath("games/" + name)); err != nil {
			t.Logf("%s absent", name)
			continue
		}
		group("games "+name, func(check func(p *Position)) {
			for gi, g := range ntSplitGames(ntReadShared(t, "games/"+name)) {
				if gi >= 100 {
					break
				}
				p, ok := ntStartOf(t, g)
				if !ok {
					continue
				}
				for _, tok := range g.tokens {
					check(&p)
					pm := p.ParseMove(tok, English)
					if pm.Status != MoveOK {
						break
					}
					p.Play(pm.Move)
				}
				check(&p)
			}
		})
	}
	group("random", func(check func(p *Position)) {
		for range 3000 {
			if p, err := ParseFEN(randomPlacementFEN(rng)); err == nil {
				walk(check, p, 6)
			}
		}
	})

	path := filepath.Join("testdata", "movegen-digests.txt")
	if *updateGenDigests {
		var sb strings.Builder
		sb.WriteString("# digests of the move generator's output (TestGenReference; rewrite with -update-gen)\n")
		for _, k := range slices.Sorted(maps.Keys(digests)) {
			fmt.Fprintf(&sb, "%016x %s\n", digests[k], k)
		}
		if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want := map[string]uint64{}
	for _, line := range readFENLines(t, path) { // "digest name" lines
		hexs, name, _ := strings.Cut(line, " ")
		v, err := strconv.ParseUint(hexs, 16, 64)
		if err != nil {
			t.Fatalf("%s: %q: %v", path, line, err)
		}
		want[name] = v
	}
	for name, got := range digests {
		w, ok := want[name]
		switch {
		case !ok:
			t.Errorf("%s: no digest for %q", path, name)
		case got != w:
			t.Errorf("%s: the generator's output changed (digest %016x, want %016x)", name, got, w)
		}
	}
	t.Logf("%d positions", positions)
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
	return fmt.Sprintf("%s %s %s %s 0 1", fentest.Placement(&board), side, castle, ep)
}
