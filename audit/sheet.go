package audit

// The HTML report (package sheet): each Stage keeps, per block, the games
// that can still be among the first SheetOptions.Max of one of their kinds
// (Output.Sheet), the collector keeps the first Max of each kind in input
// order, and Run writes DIR/report.html before summary.json.

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/arbiter-chess/arbiter/chess"
	"github.com/arbiter-chess/arbiter/ingest"
	"github.com/arbiter-chess/arbiter/report"
	"github.com/arbiter-chess/arbiter/sheet"
	"github.com/arbiter-chess/arbiter/stats"
	"github.com/arbiter-chess/arbiter/validate"
)

// ReportFile is the name of the HTML report in the output folder.
const ReportFile = "report.html"

// SheetOptions configure the HTML report.
type SheetOptions struct {
	// Path is where the page goes: "" for DIR/report.html, "none" for no
	// page.
	Path  string
	Level string // least severity listed: "warning" (default), "error", "info"
	Max   int    // games shown in full per kind (0: sheet.DefaultMax)
	Lang  string // "en" (default), "de", ...
}

// enabled reports whether the run writes a page.
func (o SheetOptions) enabled() bool { return o.Path != "none" }

// check returns the options of package sheet, nil when the run writes no
// page.
func (o SheetOptions) check() (*sheet.Options, error) {
	if !o.enabled() {
		return nil, nil
	}
	so := sheet.Options{Level: o.Level, Max: o.Max, Lang: o.Lang}
	if err := so.Check(); err != nil {
		return nil, fmt.Errorf("audit: -report: %w", err)
	}
	return &so, nil
}

// path returns where the page goes for an output folder.
func (o SheetOptions) path(outDir string) string {
	if o.Path == "" {
		return filepath.Join(outDir, ReportFile)
	}
	return o.Path
}

// sheetCommentBytes bounds a comment quoted on the page.
const sheetCommentBytes = 300

// clockLeft returns the lower of the two players' last clock readings
// ([%clk] of the last two moves), if any.
func clockLeft(g *ingest.Game) (int64, bool) {
	n := len(g.Moves)
	best, ok := int64(0), false
	for i := max(n-2, 0); i < n; i++ {
		if c := g.Moves[i].ClockMS; c >= 0 && (!ok || c < best) {
			best, ok = c, true
		}
	}
	return best, ok
}

// offerSheet gives the game just judged to the Stage's Picker, which keeps
// it when it can be shown.
func (s *Stage) offerSheet(raw *ingest.RawGame, file string, id int64, perr error) {
	p := s.pick
	s.sheetKinds, s.sheetSevs = s.sheetKinds[:0], s.sheetSevs[:0]
	for k := range s.found {
		s.sheetKinds = append(s.sheetKinds, s.found[k].Kind)
		s.sheetSevs = append(s.sheetSevs, s.found[k].Severity.String())
	}
	if !p.Consider(s.sheetKinds, s.sheetSevs) {
		return
	}
	g := &s.game
	r := &s.rep
	v := &r.Verdict
	sg := sheet.Game{ID: id, File: file, Line: raw.Line, Offset: raw.Offset, Audited: v.Audited, Chess960: v.Chess960,
		EndKind: v.End.String(), EndPly: v.EndPly, PliesRecorded: v.PliesRecorded, PliesReplayed: v.PliesReplayed,
		ResultByRules: v.ResultByRules, ResultToken: g.ResultToken}
	for i := range g.Tags {
		t := &g.Tags[i]
		var dst *string
		switch t.Name {
		case "Event":
			dst = &sg.Event
		case "Site":
			dst = &sg.Site
		case "Date":
			dst = &sg.Date
		case "Round":
			dst = &sg.Round
		case "White":
			dst = &sg.White
		case "Black":
			dst = &sg.Black
		case "WhiteElo":
			dst = &sg.WhiteElo
		case "BlackElo":
			dst = &sg.BlackElo
		case "Result":
			dst = &sg.ResultTag
		case "Termination":
			dst = &sg.Termination
		case "Variant":
			dst = &sg.Variant
		case "TimeControl":
			dst = &sg.TimeControl
		}
		if dst != nil && *dst == "" {
			*dst = string(t.Value)
		}
	}
	if res, ok := validate.NormalizeResult(sg.ResultTag); ok {
		sg.Recorded = res
	} else if res, ok := validate.NormalizeResult(sg.ResultToken); ok {
		sg.Recorded = res
	}
	if v.Audited {
		sg.Language = v.Language.String()
		sg.FinalFEN = v.Final.FEN()
	}
	for k := range s.found {
		f := &s.found[k]
		sf := sheet.Finding{Kind: f.Kind, Severity: f.Severity.String(), Ply: f.Ply, SAN: f.SAN, FEN: f.FEN,
			Witness: f.Witness, Line: f.Line, Count: f.Count}
		if f.Article != "-" {
			sf.Article = f.Article
		}
		if f.Ply > 0 {
			sf.MoveNumber = validate.MoveNumber(f.Ply, v.FirstMoveNumber, v.FirstColor)
			// the mover of ply k: the first colour on odd plies
			sf.Black = (f.Ply%2 == 1) == (v.FirstColor == chess.Black)
			if f.Ply <= len(g.Moves) {
				sf.Comment = clipText(string(g.Moves[f.Ply-1].Comment), sheetCommentBytes)
				if sf.SAN == "" {
					// the move that led to the position (a result
					// judged at the end of the game)
					sf.SAN = string(g.Moves[f.Ply-1].Text)
				}
			}
		}
		switch f.Kind {
		case validate.KindInvalidStart, validate.KindUnreachableStart:
			sf.Code = startProblems(f.FEN)
		case KindSyntaxError:
			sf.Code = syntaxCode(perr)
		}
		if isNoteKind(f.Kind) {
			sf.Code = f.Kind
		}
		sg.Findings = append(sg.Findings, sf)
	}
	p.Keep(sg)
}

// offerFailed gives a game that could not be judged (skipped, or a bug)
// to the Picker.
func (s *Stage) offerFailed(file string, sk ingest.Skip, id int64, kind, msg string) {
	p := s.pick
	p.Forget(id) // kept before a bug stopped its judging
	if !p.Consider([]string{kind}, []string{"error"}) {
		return
	}
	f := sheet.Finding{Kind: kind, Severity: "error", Ply: -1, Line: sk.Line}
	switch kind {
	case KindGameSkipped:
		f.Code = syntaxCode(sk.Err)
		f.Detail = fmt.Sprintf("%d bytes, offset %d", sk.Length, sk.Offset)
	default:
		f.Detail = msg
	}
	p.Keep(sheet.Game{ID: id, File: file, Line: sk.Line, Offset: sk.Offset, EndPly: -1, Findings: []sheet.Finding{f}})
}

// startProblems lists the problem codes of a start position, or
// "unreadable" when its FEN cannot be read.
func startProblems(fen string) string {
	p, err := chess.ParseFEN(fen)
	if err != nil {
		return "unreadable"
	}
	var codes []string // each code once (a problem of both sides is listed twice)
	for _, pr := range p.Problems() {
		if !slices.Contains(codes, pr.Code) {
			codes = append(codes, pr.Code)
		}
	}
	return strings.Join(codes, ",")
}

// syntaxCode names the sentinel error of a syntax error or a skip.
func syntaxCode(err error) string {
	for _, c := range []struct {
		err  error
		code string
	}{
		{ingest.ErrGameTooLarge, "game_too_large"}, {ingest.ErrLineTooLong, "line_too_long"},
		{ingest.ErrNestingTooDeep, "nesting_too_deep"}, {ingest.ErrUnterminatedComment, "unterminated_comment"},
		{ingest.ErrUnterminatedVariation, "unterminated_variation"}, {ingest.ErrUnexpectedChar, "unexpected_char"},
		{ingest.ErrTruncated, "truncated"}, {ingest.ErrGarbage, "garbage"},
	} {
		if errors.Is(err, c.err) {
			return c.code
		}
	}
	return "other"
}

// isNoteKind reports the kinds that are tokenizer notes.
func isNoteKind(kind string) bool {
	switch kind {
	case ingest.NoteResultSpelling, ingest.NoteForfeit, ingest.NoteDoubleForfeit, ingest.NoteResultRecovered,
		ingest.NoteResultInVariation, ingest.NoteTokenAfterResult, ingest.NoteEncoding, ingest.NoteEncodingUndefined,
		ingest.NoteBOM, ingest.NoteDrawOffer, ingest.NoteEnPassantMark, ingest.NoteNestedComment, ingest.NoteTagSyntax,
		ingest.NoteTagAfterMovetext, ingest.NoteUnexpectedChar, ingest.NoteNAG, ingest.NoteBadCommand,
		ingest.NoteCommentNoMove, ingest.NoteDetachedSuffix, ingest.NoteError, ingest.NoteSuppressed:
		return true
	}
	return false
}

// clipText shortens s to at most n bytes at a rune boundary.
func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}

// writeSheet writes the page of a finished run into path (the page of
// the output folder outDir), before summary.json.
func writeSheet(sum *report.Summary, total *stats.Run, col *sheet.Collector, opt sheet.Options, events []*Event, outDir, path string) error {
	run := &sheet.Run{Summary: sum, Stats: total, Games: col, OutDir: outDir}
	_, run.FindingsTable = sum.Tables["findings"]
	_, run.GamesTable = sum.Tables["games"]
	for _, e := range events {
		run.Events = append(run.Events, sheet.Event{File: e.Input.Name, Tournament: e.Tournament,
			Reconciliation: e.Reconciliation, Games: e.Games, Err: e.Err})
	}
	if _, err := sheet.Write(path, run, opt); err != nil {
		return fmt.Errorf("audit: report: %w", err)
	}
	return nil
}

// sheetOptions returns the options of the run's page, nil for none (the
// options were checked by Config.defaults).
func (cfg *Config) sheetOptions() *sheet.Options {
	opt, _ := cfg.Sheet.check()
	return opt
}
