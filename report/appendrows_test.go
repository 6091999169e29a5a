package report

import (
	"errors"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/arbiter-chess/arbiter/chess"
)

// AppendRows builds exactly the batches that Append builds row by row:
// null moves, NULLs in every nullable column, comments, NAGs, FENs, games
// of every length, and flushes between games.
func TestAppendRowsMatchesAppend(t *testing.T) {
	for _, withFEN := range []bool{false, true} {
		rows := sampleMoves(240, withFEN)
		for i := range rows {
			if i%41 == 7 { // a null move ("--")
				r := &rows[i]
				r.Null, r.SAN, r.UCI, r.Captured, r.Promotion = true, mustIndex(chess.SANIndex, "--"), mustIndex(chess.UCIIndex, "0000"), 0, 0
			}
		}
		mem := checkedMem(t)
		one := NewMovesBuilder(mem, withFEN)
		all := NewMovesBuilder(mem, withFEN)
		compare := func() {
			t.Helper()
			a, b := one.Flush(), all.Flush()
			defer a.Release()
			defer b.Release()
			if !array.RecordEqual(a, b) {
				t.Fatalf("fen=%v: AppendRows and Append differ:\n%v\n%v", withFEN, a, b)
			}
		}
		games := 0
		for lo := 0; lo < len(rows); games++ {
			hi := lo + 1
			for hi < len(rows) && rows[hi].GameID == rows[lo].GameID {
				hi++
			}
			for i := lo; i < hi; i++ {
				if err := one.Append(&rows[i]); err != nil {
					t.Fatal(err)
				}
			}
			if err := all.AppendRows(rows[lo:hi]); err != nil {
				t.Fatal(err)
			}
			if games%50 == 49 {
				compare()
			}
			lo = hi
		}
		compare()
		one.Release()
		all.Release()
	}
}

// An invalid row makes AppendRows append none of the rows.
func TestAppendRowsInvalid(t *testing.T) {
	rows := sampleMoves(30, false)[:40]
	mem := checkedMem(t)
	b := NewMovesBuilder(mem, false)
	defer b.Release()
	if err := b.AppendRows(rows[:10]); err != nil {
		t.Fatal(err)
	}
	bad := rows[15].Piece
	rows[15].Piece = 'X'
	if err := b.AppendRows(rows[10:]); !errors.Is(err, ErrInvalidRow) || b.Len() != 10 {
		t.Fatalf("err %v, %d rows", err, b.Len())
	}
	rows[15].Piece = bad
	rec := b.Flush()
	defer rec.Release()
	if rec.NumRows() != 10 {
		t.Fatalf("%d rows", rec.NumRows())
	}
	for c := 0; c < int(rec.NumCols()); c++ {
		if rec.Column(c).Len() != 10 {
			t.Fatalf("column %s has %d values", rec.ColumnName(c), rec.Column(c).Len())
		}
	}
}
