package cli

import (
	"flag"
	"fmt"

	"github.com/arbiter-chess/arbiter/ingest"
)

// ParseInterspersed parses args with fs, letting flags and operands come
// in any order, as users type them ("arbiter audit f.pgn -tables games").
// "--" ends the flags: every argument after it is an operand, even one
// that starts with "-". A lone "-" (standard input) is an operand.
func ParseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var operands []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		consumed := len(args) - len(rest)
		if consumed > 0 && args[consumed-1] == "--" {
			return append(operands, rest...), nil
		}
		if len(rest) == 0 {
			return operands, nil
		}
		operands = append(operands, rest[0])
		args = rest[1:]
	}
}

// ParseSize reads a positive size with ingest.ParseSize's units (K and
// KiB count 1024, KB 1000), as every size flag does.
func ParseSize(s string) (int64, error) {
	n, err := ingest.ParseSize(s)
	if err != nil {
		return 0, err
	}
	if n <= 0 {
		return 0, fmt.Errorf("size %q: want a positive number of bytes", s)
	}
	return n, nil
}
