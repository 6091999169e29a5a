package tournament

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Limits that keep hostile input cheap. A real TRF has at most 9999 players
// (the start-rank field has four digits) and a few dozen rounds.
const (
	maxRounds    = 200     // round columns read per player line
	maxStartRank = 9999    // the widest value of columns 5-8
	maxInput     = 1 << 28 // bytes read from one file (256 MiB)
)

// LooksLikeTRF reports whether head (the first bytes of a file) looks like a
// TRF file: most of its first lines start with a TRF record code (three
// digits, XX?, BB?, ### or a federation code) followed by a space, and at
// least one is a TRF header or player record.
func LooksLikeTRF(head []byte) bool {
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	lines, records, known := 0, 0, 0
	for len(head) > 0 && lines < 40 {
		i := bytes.IndexAny(head, "\r\n")
		line := head
		if i >= 0 {
			line, head = head[:i], head[i+1:]
		} else {
			head = nil
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		if i < 0 && len(line) < 4 && lines > 0 {
			break // a cut last line
		}
		lines++
		if len(line) < 3 || (len(line) > 3 && line[3] != ' ' && line[3] != '\t') {
			continue
		}
		c := line[:3]
		switch {
		case isDigit(c[0]) && isDigit(c[1]) && isDigit(c[2]):
			records++
			if c[2] == '2' || string(c) == "001" || string(c) == "013" {
				known++
			}
		case string(c) == "###":
			records++
		case c[0] == 'X' && c[1] == 'X', c[0] == 'B' && c[1] == 'B':
			records++
			known++
		case isUpper(c[0]) && isUpper(c[1]) && isUpper(c[2]):
			records++
		}
	}
	return known > 0 && records*4 >= lines*3
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isUpper(c byte) bool { return c >= 'A' && c <= 'Z' }

// Parse reads a TRF file. name is used in error locations. The returned
// Tournament is non-nil whenever err is nil or an ErrorList: the lines an
// ErrorList names were read as far as possible. Other errors come from r.
//
// Parse is lenient: it accepts TRF16, TRF-2026, the XX?/BB? extensions, CR,
// LF and CRLF line ends, a UTF-8 byte-order mark, Windows-1252 text, short
// lines and unknown records. What it cannot read becomes a located
// *SyntaxError; the checks (Check) report the rest.
func Parse(r io.Reader, name string) (*Tournament, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxInput+1))
	if err != nil {
		return nil, fmt.Errorf("tournament: reading %s: %w", name, err)
	}
	if len(data) > maxInput {
		return nil, &SyntaxError{File: name, Err: ErrTooLarge}
	}
	p := parser{t: &Tournament{
		File:            name,
		DeclaredPlayers: -1,
		DeclaredRated:   -1,
		DeclaredTeams:   -1,
		Scoring:         DefaultScoring(),
		headerLine:      map[string]int{},
	}}
	p.run(data)
	t := p.t
	if len(t.Errors) > 0 {
		return t, t.Errors
	}
	return t, nil
}

type parser struct {
	t       *Tournament
	latin   bool
	line    int
	runes   []rune
	scoring scoringParts
}

func (p *parser) errorf(col int, sentinel error, format string, args ...any) {
	p.t.Errors = append(p.t.Errors, &SyntaxError{
		File: p.t.File, Line: p.line, Column: col,
		Err: fmt.Errorf("%w: %s", sentinel, fmt.Sprintf(format, args...)),
	})
}

func (p *parser) run(data []byte) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	p.latin = !utf8.Valid(data)
	t := p.t
	for len(data) > 0 {
		p.line++
		i := bytes.IndexAny(data, "\r\n")
		var raw []byte
		if i < 0 {
			raw, data = data, nil
		} else {
			raw = data[:i]
			if data[i] == '\r' && i+1 < len(data) && data[i+1] == '\n' {
				i++
			}
			data = data[i+1:]
		}
		line := p.decode(raw)
		if strings.TrimSpace(line) == "" {
			continue
		}
		code := line
		if len(code) > 3 {
			code = code[:3]
		}
		t.Records = append(t.Records, Record{Code: code, Text: line, Line: p.line})
		p.record(code, line)
	}
	p.finish()
}

// decode returns the line as a string, converting Windows-1252 when the file
// is not valid UTF-8.
func (p *parser) decode(raw []byte) string {
	if !p.latin {
		return string(raw)
	}
	var b strings.Builder
	b.Grow(len(raw))
	for _, c := range raw {
		b.WriteRune(cp1252(c))
	}
	return b.String()
}

// cp1252 maps a Windows-1252 byte to its rune.
func cp1252(c byte) rune {
	if c < 0x80 || c >= 0xa0 {
		return rune(c)
	}
	return [32]rune{
		'€', 0x81, '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', 0x8d, 'Ž', 0x8f,
		0x90, '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', 0x9d, 'ž', 'Ÿ',
	}[c-0x80]
}

// columns reads fixed columns of a line, counted in characters (1-based,
// inclusive); columns past the end of a short line read as blanks.
type columns struct {
	s     string
	runes []rune // nil when s is ASCII
}

func newColumns(s string, buf []rune) (columns, []rune) {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			buf = append(buf[:0], []rune(s)...)
			return columns{s: s, runes: buf}, buf
		}
	}
	return columns{s: s}, buf
}

func (c columns) len() int {
	if c.runes != nil {
		return len(c.runes)
	}
	return len(c.s)
}

func (c columns) get(from, to int) string {
	n := c.len()
	if from > n {
		return ""
	}
	if to > n {
		to = n
	}
	if c.runes != nil {
		return string(c.runes[from-1 : to])
	}
	return c.s[from-1 : to]
}

func (c columns) at(col int) byte {
	if col > c.len() {
		return ' '
	}
	if c.runes != nil {
		r := c.runes[col-1]
		if r >= utf8.RuneSelf {
			return 0xff
		}
		return byte(r)
	}
	return c.s[col-1]
}

func (p *parser) header(code string) {
	if _, ok := p.t.headerLine[code]; !ok {
		p.t.headerLine[code] = p.line
	}
}

func value(line string) string {
	if len(line) <= 4 {
		return ""
	}
	return strings.TrimSpace(line[4:])
}

func (p *parser) record(code, line string) {
	t := p.t
	switch code {
	case "001":
		t.Format |= TRF16
		p.player(line)
		return
	case "012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132":
		t.Format |= TRF16
		p.header(code)
	case "142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250", "260",
		"299", "300", "310", "320", "330", "352", "362", "801", "802":
		t.Format |= TRF26
		p.header(code)
	case "013":
		p.header(code)
	default:
		switch {
		case strings.HasPrefix(code, "XX"):
			t.Format |= TRFX
			p.header(code)
		case strings.HasPrefix(code, "BB"):
			t.Format |= TRFBX
			p.header(code)
		}
	}
	v := value(line)
	switch code {
	case "012":
		t.Name = v
	case "022":
		t.City = v
	case "032":
		t.Federation = v
	case "042":
		t.StartDate = p.date(v, 5, false)
	case "052":
		t.EndDate = p.date(v, 5, false)
	case "062":
		t.DeclaredPlayers = p.count(v)
	case "072":
		t.DeclaredRated = p.count(v)
	case "082":
		t.DeclaredTeams = p.count(v)
	case "092":
		t.Type = v
	case "102":
		t.ChiefArbiter = v
	case "112":
		if v != "" {
			t.Deputies = append(t.Deputies, v)
		}
	case "122":
		t.TimeControl = v
	case "222":
		t.EncodedTimeControl = v
	case "132":
		p.roundDates(line)
	case "142", "XXR":
		if n, err := strconv.Atoi(firstField(v)); err == nil && n >= 0 && n <= maxRounds {
			if code == "142" {
				t.rounds142 = n
			} else {
				t.roundsXXR = n
			}
			if code == "142" || t.rounds142 == 0 {
				t.DeclaredRounds = n
			}
		} else if v != "" {
			p.errorf(5, ErrField, "number of rounds %q", v)
		}
	case "152":
		switch strings.ToUpper(firstField(v)) {
		case "W":
			t.InitialColour = White
		case "B":
			t.InitialColour = Black
		}
	case "XXC":
		for _, f := range strings.Fields(strings.ToLower(v)) {
			switch f {
			case "white1":
				t.InitialColour = White
			case "black1":
				t.InitialColour = Black
			}
		}
	case "162":
		p.scoring.trf26(v, p)
	case "XXS":
		p.scoring.xxs(v, p)
	case "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU":
		p.scoring.bb(code, v, p)
	case "192":
		t.TypeCode = v
	case "202":
		t.TieBreaks = splitCodes(v)
	case "212":
		t.StandingsOrder = splitCodes(v)
	case "310":
		p.team310(line)
	case "013":
		p.team013(line)
	}
}

func firstField(s string) string {
	if f := strings.Fields(s); len(f) > 0 {
		return f[0]
	}
	return ""
}

func splitCodes(v string) []string {
	return strings.FieldsFunc(v, func(r rune) bool { return r == ',' || r == ';' || r == ' ' || r == '\t' })
}

// count reads "15" or "15 (12)".
func (p *parser) count(v string) int {
	if v == "" {
		return -1
	}
	n, err := strconv.Atoi(firstField(v))
	if err != nil || n < 0 {
		p.errorf(5, ErrField, "count %q", v)
		return -1
	}
	return n
}

func (p *parser) date(v string, col int, yyFirst bool) Date {
	if v == "" {
		return Date{}
	}
	d, ok := ParseDate(v, yyFirst)
	if !ok {
		p.errorf(col, ErrField, "date %q", v)
		return Date{Raw: v}
	}
	return d
}

// roundDates reads record 132: dates at the round columns (92-99,
// 102-109, ...), each token going to the round whose column is nearest, or,
// leniently, whitespace-separated dates in order when a file writes one 132
// record per round.
func (p *parser) roundDates(line string) {
	t := p.t
	c, buf := newColumns(line, p.runes)
	p.runes = buf
	n := c.len()
	if n >= 92 && strings.TrimSpace(c.get(5, 86)) == "" {
		for col := 87; col <= n; {
			if c.at(col) == ' ' {
				col++
				continue
			}
			start := col
			for col <= n && c.at(col) != ' ' {
				col++
			}
			r := (start - 92 + 5) / 10 // nearest round column
			if start < 92 {
				r = 0
			}
			if r >= maxRounds {
				p.errorf(start, ErrTooManyRound, "record 132: more than %d rounds", maxRounds)
				break
			}
			for len(t.RoundDates) <= r {
				t.RoundDates = append(t.RoundDates, Date{})
			}
			if !t.RoundDates[r].IsZero() || t.RoundDates[r].Raw != "" {
				p.errorf(start, ErrField, "record 132: two dates for round %d", r+1)
				continue
			}
			t.RoundDates[r] = p.date(c.get(start, col-1), start, true)
		}
		return
	}
	for _, f := range strings.Fields(value(line)) {
		if len(t.RoundDates) >= maxRounds {
			break
		}
		t.RoundDates = append(t.RoundDates, p.date(f, 5, true))
	}
}

func (p *parser) team310(line string) {
	c, buf := newColumns(line, p.runes)
	p.runes = buf
	tm := Team{Line: p.line, Record: "310", Name: strings.TrimSpace(c.get(9, 40))}
	if n, err := strconv.Atoi(strings.TrimSpace(c.get(4, 8))); err == nil {
		tm.Number = n
	} else {
		p.errorf(5, ErrField, "team number %q", strings.TrimSpace(c.get(4, 8)))
	}
	tm.Members = p.members(c.get(73, c.len()), 73)
	p.t.Teams = append(p.t.Teams, tm)
}

func (p *parser) team013(line string) {
	c, buf := newColumns(line, p.runes)
	p.runes = buf
	tm := Team{Line: p.line, Record: "013", Number: len(p.t.Teams) + 1, Name: strings.TrimSpace(c.get(5, 36))}
	tm.Members = p.members(c.get(37, c.len()), 37)
	p.t.Teams = append(p.t.Teams, tm)
}

func (p *parser) members(s string, col int) []int {
	var out []int
	for _, f := range strings.Fields(s) {
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 || n > maxStartRank {
			p.errorf(col, ErrField, "team member %q", f)
			continue
		}
		if n > 0 {
			out = append(out, n)
		}
	}
	return out
}

var titles = map[string]string{
	"g": "GM", "m": "IM", "f": "FM", "c": "CM", "wg": "WGM", "wm": "WIM", "wf": "WFM", "wc": "WCM",
	"gm": "GM", "im": "IM", "fm": "FM", "cm": "CM", "wgm": "WGM", "wim": "WIM", "wfm": "WFM", "wcm": "WCM",
}

// player reads a 001 record by its fixed columns.
func (p *parser) player(line string) {
	c, buf := newColumns(line, p.runes)
	p.runes = buf
	pl := Player{Line: p.line}
	rank := strings.TrimSpace(c.get(4, 8))
	n, err := strconv.Atoi(rank)
	if err != nil || n <= 0 || n > maxStartRank {
		p.errorf(5, ErrStartRank, "%q", rank)
		return
	}
	pl.StartRank = n
	pl.Sex = strings.ToLower(strings.TrimSpace(c.get(10, 10)))
	if t := strings.TrimSpace(c.get(11, 13)); t != "" {
		if n, ok := titles[strings.ToLower(t)]; ok {
			pl.Title = n
		} else {
			pl.Title = t
		}
	}
	pl.Name = strings.TrimSpace(c.get(15, 47))
	if s := strings.TrimSpace(c.get(49, 52)); s != "" {
		if v, err := strconv.Atoi(s); err == nil && v >= 0 {
			pl.Rating = v
		} else {
			p.errorf(49, ErrField, "rating %q", s)
		}
	}
	pl.Federation = strings.TrimSpace(c.get(54, 56))
	pl.FideIDText = strings.TrimSpace(c.get(58, 68))
	if pl.FideIDText != "" {
		if v, err := strconv.ParseInt(pl.FideIDText, 10, 64); err == nil && v >= 0 {
			pl.FideID = v
		}
		// A non-numeric ID is kept as text; check T7 reports it.
	}
	pl.BirthDate = strings.TrimSpace(c.get(70, 80))
	if s := strings.TrimSpace(c.get(81, 84)); s != "" {
		if v, ok := ParsePoints(s); ok {
			pl.Points, pl.HasPoints = v, true
		} else {
			p.errorf(81, ErrField, "points %q", s)
		}
	}
	if s := strings.TrimSpace(c.get(85, 89)); s != "" {
		if v, err := strconv.Atoi(s); err == nil && v >= 0 {
			pl.Rank = v
		} else {
			p.errorf(86, ErrField, "rank %q", s)
		}
	}
	p.rounds(&pl, c)
	p.t.Players = append(p.t.Players, pl)
}

// rounds reads the round blocks of a player record: opponent in columns
// 92-95, colour in 97, result in 99, then every ten columns.
func (p *parser) rounds(pl *Player, c columns) {
	n := c.len()
	last := 0 // rounds with any content
	for r := 0; 92+10*r <= n; r++ {
		if r >= maxRounds {
			p.errorf(92+10*r, ErrTooManyRound, "more than %d rounds", maxRounds)
			break
		}
		from := 92 + 10*r
		block := c.get(from-1, from+8)
		if strings.TrimSpace(block) != "" {
			last = r + 1
		}
	}
	if last == 0 {
		return
	}
	pl.Results = make([]Result, last)
	for r := 0; r < last; r++ {
		from := 92 + 10*r
		res := Result{Code: ' ', Column: from}
		if col := c.at(from - 1); col != ' ' {
			p.errorf(from-1, ErrField, "round %d: column %d should be blank", r+1, from-1)
		}
		opp := strings.TrimSpace(c.get(from, from+3))
		if opp != "" {
			v, err := strconv.Atoi(opp)
			if err != nil || v < 0 || v > maxStartRank {
				p.errorf(from, ErrField, "round %d: opponent %q", r+1, opp)
			} else {
				res.Opponent = v
			}
		}
		switch ch := c.at(from + 5); ch {
		case 'w', 'W':
			res.Colour = White
		case 'b', 'B':
			res.Colour = Black
		case '-', ' ':
		default:
			p.errorf(from+5, ErrColour, "round %d: %q", r+1, string(rune(ch)))
		}
		switch ch := c.at(from + 7); ch {
		case '1', '=', '0', '+', '-', ' ':
			res.Code = ch
		case 'W', 'D', 'L', 'H', 'F', 'U', 'Z':
			res.Code = ch
		case 'w', 'd', 'l', 'h', 'f', 'u', 'z':
			res.Code = ch - 'a' + 'A'
		default:
			p.errorf(from+7, ErrResultCode, "round %d: %q", r+1, string(rune(ch)))
			res.Code = ' '
		}
		for _, col := range []int{from + 4, from + 6, from + 8} {
			if col <= n && c.at(col) != ' ' {
				p.errorf(col, ErrField, "round %d: column %d should be blank", r+1, col)
				break
			}
		}
		pl.Results[r] = res
	}
}

// finish sorts the players, builds the start-rank index and completes the
// scoring system.
func (p *parser) finish() {
	t := p.t
	if len(t.Players) == 0 {
		t.Errors = append(t.Errors, &SyntaxError{File: t.File, Err: ErrNoPlayers})
	}
	// Stable sort by start rank; duplicates keep file order (check T1
	// reports them) and the index points to the first.
	sortPlayers(t.Players)
	maxRank := 0
	for i := range t.Players {
		if s := t.Players[i].StartRank; s > maxRank {
			maxRank = s
		}
		for _, r := range t.Players[i].Results {
			if r.Opponent > maxRank {
				maxRank = r.Opponent
			}
		}
		if n := len(t.Players[i].Results); n > t.Rounds {
			t.Rounds = n
		}
	}
	t.byRank = make([]int32, maxRank+1)
	for i := range t.Players {
		if s := t.Players[i].StartRank; t.byRank[s] == 0 {
			t.byRank[s] = int32(i + 1)
		}
	}
	t.Scoring = p.scoring.apply(DefaultScoring())
	// TRF-2026 files may carry both team records: 310 supersedes 013.
	if slices.ContainsFunc(t.Teams, func(tm Team) bool { return tm.Record == "310" }) {
		t.Teams = slices.DeleteFunc(t.Teams, func(tm Team) bool { return tm.Record == "013" })
	}
	sortErrors(t.Errors)
}
