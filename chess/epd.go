package chess

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// ErrInvalidEPD is wrapped by every error ParseEPD returns (test with
// errors.Is); errors in the position fields wrap ErrInvalidFEN as well.
var ErrInvalidEPD = errors.New("invalid EPD")

// EPD is one line of Extended Position Description: a position (the four
// FEN fields, without clocks) followed by operations such as
// `bm Nf3; id "BK.01";`.
type EPD struct {
	// Position is the position; its clocks come from the hmvc and fmvn
	// operations (or from a six-field FEN), else 0 and 1.
	Position Position
	// Ops are the operations in the order written.
	Ops []EPDOp
}

// EPDOp is one EPD operation: an opcode and its operands.
type EPDOp struct {
	// Opcode names the operation ("bm", "id", "c0", "hmvc", "D1", ...).
	Opcode string
	// Operands is the operand text as written (several operands separated
	// by blanks, such as "Nf3 Nc3"), except that an operation whose only
	// operand is a quoted string holds that string unquoted and unescaped.
	Operands string

	quoted bool // Operands was one quoted string
}

// Op returns the operands of the first operation with the given opcode.
func (e EPD) Op(opcode string) (string, bool) {
	for _, op := range e.Ops {
		if op.Opcode == opcode {
			return op.Operands, true
		}
	}
	return "", false
}

// ParseEPD reads one EPD line: piece placement, side to move, castling
// and en passant fields, then operations, each an opcode and operands
// ended by ';' (the last ';' may be missing; quoted strings may hold ';'
// and escape '"' and '\' with a backslash; a string left open runs to the
// end of the line). The hmvc and fmvn operations
// set the position's clocks. A full six-field FEN, with or without
// operations after it (as in perft suites: "FEN ;D1 20 ;D2 400"), is read
// too.
func ParseEPD(line string) (EPD, error) {
	var e EPD
	rest := strings.TrimSpace(line)
	var fields [4]string
	for i := range fields {
		fields[i], rest = nextField(rest)
		if fields[i] == "" {
			return e, fmt.Errorf("chess: EPD: %w: want 4 position fields, got %d", ErrInvalidEPD, i)
		}
	}
	fields[3] = strings.TrimSuffix(fields[3], ";")
	half, full := "0", "1"
	// A six-field FEN: two clock numbers after the four fields (the
	// second may carry the first operation's ';': "... 5 101; bm e4").
	if f, r := nextField(rest); isDigits(strings.TrimSuffix(f, ";")) {
		half, rest = strings.TrimSuffix(f, ";"), r
		if !strings.HasSuffix(f, ";") {
			if f, r := nextField(rest); isDigits(strings.TrimSuffix(f, ";")) {
				full, rest = strings.TrimSuffix(f, ";"), r
			}
		}
	}
	ops, err := parseEPDOps(rest)
	if err != nil {
		return e, err
	}
	for _, op := range ops {
		switch op.Opcode {
		case "hmvc":
			if !isDigits(op.Operands) {
				return e, fmt.Errorf("chess: EPD: %w: hmvc %q is not a number", ErrInvalidEPD, op.Operands)
			}
			half = op.Operands
		case "fmvn":
			if !isDigits(op.Operands) {
				return e, fmt.Errorf("chess: EPD: %w: fmvn %q is not a number", ErrInvalidEPD, op.Operands)
			}
			full = op.Operands
		}
	}
	p, err := ParseFEN(fields[0] + " " + fields[1] + " " + fields[2] + " " + fields[3] + " " + half + " " + full)
	if err != nil {
		return e, fmt.Errorf("chess: EPD: %w: %w", ErrInvalidEPD, err)
	}
	e.Position = p
	e.Ops = ops
	return e, nil
}

// nextField splits s at its first blank: the field and the rest, trimmed.
func nextField(s string) (field, rest string) {
	s = strings.TrimLeft(s, " \t")
	i := strings.IndexAny(s, " \t")
	if i < 0 {
		return s, ""
	}
	return s[:i], strings.TrimLeft(s[i:], " \t")
}

func isDigits(s string) bool {
	if s == "" || len(s) > 9 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// parseEPDOps reads the operations of an EPD line.
func parseEPDOps(s string) ([]EPDOp, error) {
	var ops []EPDOp
	i := 0
	for {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == ';') {
			i++
		}
		if i >= len(s) {
			return ops, nil
		}
		start := i
		for i < len(s) && s[i] != ' ' && s[i] != '\t' && s[i] != ';' && s[i] != '"' {
			i++
		}
		opcode := s[start:i]
		if !validOpcode(opcode) {
			return nil, fmt.Errorf("chess: EPD: %w: bad opcode %q", ErrInvalidEPD, opcode)
		}
		// operands up to an unquoted ';'
		start = i
		var unq strings.Builder
		quotes := 0
		onlyQuoted, open := true, false
		for i < len(s) && s[i] != ';' {
			c := s[i]
			switch {
			case c == '"':
				quotes++
				i++
				for {
					if i >= len(s) {
						open = true // an unterminated string runs to the end of the line
						break
					}
					if s[i] == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\') {
						unq.WriteByte(s[i+1])
						i += 2
						continue
					}
					if s[i] == '"' {
						i++
						break
					}
					unq.WriteByte(s[i])
					i++
				}
			case c == ' ' || c == '\t':
				i++
			default:
				onlyQuoted = false
				i++
			}
		}
		raw := strings.TrimSpace(s[start:i])
		if open {
			// Close it, so that it is written back closed. A backslash
			// left at its end was read as itself: doubled, it stays one
			// instead of escaping the closing quote.
			if (len(raw)-len(strings.TrimRight(raw, "\\")))%2 == 1 {
				raw += "\\"
			}
			raw += "\""
		}
		op := EPDOp{Opcode: opcode, Operands: raw}
		if quotes == 1 && onlyQuoted {
			op.Operands, op.quoted = unq.String(), true
		}
		ops = append(ops, op)
		if i < len(s) {
			i++ // the ';'
		}
	}
}

// validOpcode reports whether s can be an opcode. The EPD standard asks
// for a letter followed by letters, digits and underscores; real files
// also use "gate-prone" or "+175,", so any run of characters other than
// blanks, ';' and '"' is read, as long as it does not start with a digit
// (which would be a clock).
func validOpcode(s string) bool {
	return s != "" && (s[0] < '0' || s[0] > '9') && !strings.ContainsAny(s, "\"")
}

// String writes e as an EPD line: the four FEN fields, then each
// operation as `opcode operands;`, separated by single blanks. Operands
// read from one quoted string, those of id and c0..c9, and any holding
// ';', '\\', tabs or line breaks are written as a quoted string; operands
// holding quoted strings among others are written as read. When the
// position's clocks are not 0 and 1 and no hmvc or fmvn operation says
// so, those operations are added.
func (e EPD) String() string {
	var b strings.Builder
	fen := e.Position.FEN()
	fields := strings.Fields(fen)
	if len(fields) >= 4 {
		b.WriteString(strings.Join(fields[:4], " "))
	} else {
		b.WriteString(fen)
	}
	hasH, hasF := false, false
	for _, op := range e.Ops {
		hasH = hasH || op.Opcode == "hmvc"
		hasF = hasF || op.Opcode == "fmvn"
	}
	ops := e.Ops
	if h := e.Position.HalfmoveClock(); h != 0 && !hasH {
		ops = append(ops[:len(ops):len(ops)], EPDOp{Opcode: "hmvc", Operands: strconv.Itoa(h)})
	}
	if f := e.Position.FullmoveNumber(); f != 1 && !hasF {
		ops = append(ops[:len(ops):len(ops)], EPDOp{Opcode: "fmvn", Operands: strconv.Itoa(f)})
	}
	for _, op := range ops {
		b.WriteByte(' ')
		b.WriteString(op.Opcode)
		if op.needsQuotes() {
			b.WriteString(" \"")
			for i := 0; i < len(op.Operands); i++ {
				if c := op.Operands[i]; c == '"' || c == '\\' {
					b.WriteByte('\\')
				}
				b.WriteByte(op.Operands[i])
			}
			b.WriteByte('"')
		} else if op.Operands != "" {
			b.WriteByte(' ')
			b.WriteString(op.Operands)
		}
		b.WriteByte(';')
	}
	return b.String()
}

// needsQuotes reports whether op's operands must be written as a quoted string.
func (op EPDOp) needsQuotes() bool {
	if op.quoted {
		return true
	}
	s := op.Operands
	if strings.Contains(s, "\"") {
		return false // several operands with quoted strings, kept as written
	}
	if op.Opcode == "id" || len(op.Opcode) == 2 && op.Opcode[0] == 'c' && op.Opcode[1] >= '0' && op.Opcode[1] <= '9' {
		return true
	}
	return strings.ContainsAny(s, ";\\\t\r\n") || s != strings.TrimSpace(s)
}
