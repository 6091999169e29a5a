package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/arbiter-chess/arbiter/chess"
	"github.com/arbiter-chess/arbiter/internal/cli"
)

// runPerft implements "arbiter perft [-divide] FEN DEPTH". The FEN may be
// given as one argument or as its six fields; "startpos" names the start
// position. The node count is printed last.
func runPerft(args []string, stdout, stderr io.Writer) int {
	fs, divide, chess960 := newPerftFlags(stderr)
	rest, err := cli.ParseInterspersed(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if len(rest) < 2 {
		fs.Usage()
		return 2
	}
	depth, err := strconv.Atoi(rest[len(rest)-1])
	if err != nil || depth < 0 {
		fmt.Fprintf(stderr, "arbiter perft: depth %q is not a whole number >= 0\n", rest[len(rest)-1])
		return 2
	}
	fen := strings.Join(rest[:len(rest)-1], " ")
	var pos chess.Position
	if fen == "startpos" {
		pos = chess.StartPosition()
	} else if pos, err = chess.ParseFEN(fen); err != nil {
		fmt.Fprintf(stderr, "arbiter perft: %v\n", err)
		return 2
	}
	if *chess960 {
		pos.SetChess960(true)
	}
	if *divide {
		var total uint64
		for _, e := range chess.Divide(pos, depth) {
			fmt.Fprintf(stdout, "%s: %d\n", e.UCI, e.Nodes)
			total += e.Nodes
		}
		fmt.Fprintf(stdout, "\n%d\n", total)
		return 0
	}
	fmt.Fprintln(stdout, chess.Perft(pos, depth))
	return 0
}

func newPerftFlags(stderr io.Writer) (fs *flag.FlagSet, divide, chess960 *bool) {
	fs = flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	divide = fs.Bool("divide", false, "print the node count below each legal move first")
	chess960 = fs.Bool("960", false, "treat the position as Chess960 (castling rights as Shredder-FEN files)")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: arbiter perft [-divide] [-960] FEN DEPTH   (FEN: one argument, its six fields, or startpos)")
		fs.PrintDefaults()
	}
	return fs, divide, chess960
}
