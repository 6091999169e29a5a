package audit

import (
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/arbiter-chess/arbiter/output"
	"github.com/arbiter-chess/arbiter/plan"
	"github.com/arbiter-chess/arbiter/report"
	"github.com/arbiter-chess/arbiter/sheet"
	"github.com/arbiter-chess/arbiter/stats"
)

// A manifest is what the output folder keeps of one source
// (_manifest/source-NNNNN.json): its identity (path, size, SHA-256), the
// part files its rows are in and its counts, so that a later run can
// recognise it, keep its parts and count it without reading it again.
type manifest struct {
	Tool     string            `json:"tool"`
	Version  string            `json:"version"`
	Rulebook string            `json:"rulebook"`
	Schema   string            `json:"schema_version"`
	Audit    plan.AuditOptions `json:"audit"`
	AbsPath  string            `json:"abs_path"`
	Result   *SourceResult     `json:"result"`
}

func manifestName(id int) string { return fmt.Sprintf("source-%05d.json", id) }

// readManifests reads the manifests of the run in dir, by the absolute
// path of their source. A folder without summary.json holds no complete
// run: its manifests are not used.
func readManifests(dir string) (map[string]*manifest, error) {
	if _, err := os.Stat(filepath.Join(dir, output.SummaryFile)); err != nil {
		return nil, nil
	}
	ents, err := os.ReadDir(filepath.Join(dir, output.ManifestDir))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	out := map[string]*manifest{}
	for _, e := range ents {
		if !strings.HasPrefix(e.Name(), "source-") || !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, output.ManifestDir, e.Name()))
		if err != nil {
			return nil, err
		}
		var m manifest
		if err := json.Unmarshal(data, &m); err != nil || m.Tool != "arbiter" || m.Result == nil || m.Result.Stats == nil {
			return nil, fmt.Errorf("%s: not an arbiter manifest (%v)", e.Name(), err)
		}
		out[m.AbsPath] = &m
	}
	return out, nil
}

// knownSources returns the sources of the manifests that a run with these
// settings can keep: an earlier run with other tables, another schema or
// another version of the rules wrote rows this run would write otherwise.
func knownSources(known map[string]*manifest, cfg *Config) (map[string]plan.Source, bool) {
	opts := cfg.planOptions(false, nil)
	out := map[string]plan.Source{}
	same := true
	for abs, m := range known {
		out[abs] = m.Result.Source
		same = same && m.Version == cfg.Version && m.Schema == report.SchemaVersion && m.Rulebook == report.Rulebook &&
			slices.Equal(m.Audit.Tables, opts.Audit.Tables) && m.Audit.FEN == opts.Audit.FEN &&
			m.Audit.Duplicates == opts.Audit.Duplicates && m.Audit.DupMinPlies == opts.Audit.DupMinPlies
	}
	return out, same
}

// commit publishes a run: it gathers what each source gave (the sources
// read, and for an incremental run the unchanged ones, whose parts are
// linked into the staging folder from the folder's earlier run), writes a
// manifest per source, sums them into summary.json, and swaps it all in
// (output.Dir.Publish).
func commit(cfg Config, od *output.Dir, pl *plan.Plan, p *pipeline, out *pipeOut, known map[string]*manifest,
	failed []report.InputSummary, events *events, start time.Time) (*Result, error) {
	read := mergeSources(out.sources)
	kept, err := keptResults(pl, known)
	if err != nil {
		return nil, err
	}
	for _, sr := range kept {
		if err := linkParts(od.Root, od.Stage, sr); err != nil {
			return nil, fmt.Errorf("audit: keep the rows of %s: %w", sr.Source.Path, err)
		}
	}
	all := append(slices.Clone(read), kept...)
	slices.SortStableFunc(all, func(a, b *SourceResult) int { return cmp.Compare(a.Source.ID, b.Source.ID) })
	if !cfg.Duplicates.Off {
		derived := derivedResult(&all)
		wopt := cfg.Writer
		wopt.NoSync = wopt.NoSync || cfg.NoSync
		if err := resolveDuplicates(cfg.Duplicates, od.Stage, wopt, all, derived, p.want[TableFindings], p.want[TableGames], p.partition); err != nil {
			return nil, err
		}
	}

	// Tables: the parts of every source; an empty part for a table asked
	// for that got no rows.
	tables := map[string]*report.TableStats{}
	for _, sr := range all {
		for t, parts := range sr.Parts {
			ts := tables[t]
			if ts == nil {
				ts = &report.TableStats{Table: t}
				tables[t] = ts
			}
			for _, pf := range parts {
				ts.Rows += pf.Rows
				ts.Bytes += pf.Bytes
				ts.RowGroups += pf.RowGroups
				ts.Parts = append(ts.Parts, pf.Path)
			}
		}
	}
	for t := range numTables {
		name := TableNames[t]
		lazy := !p.explicit && t == TablePositions || isEventTable(t)
		if !p.want[t] || lazy || tables[name] != nil {
			continue
		}
		wo := cfg.Writer
		if p.partition {
			wo.Subdir = defaultPartition
		}
		st, err := writeEmptyTable(od.Stage, tableFor(t, cfg.FEN), wo)
		if err != nil {
			return nil, err
		}
		tables[name] = &st
	}

	sum := report.NewSummary(cfg.Version)
	sum.StartedAt = start
	sum.WithFEN = cfg.FEN
	total := stats.NewRun()
	sum.Inputs = append(sum.Inputs, failed...)
	for _, sr := range all {
		total.Merge(sr.Stats)
		switch {
		case sr.Source.ID == derivedSource:
		case slices.Contains(kept, sr):
			sum.UnchangedInputs = append(sum.UnchangedInputs, sr.Input)
		default:
			sum.Inputs = append(sum.Inputs, sr.Input)
		}
		sum.Events = append(sum.Events, sr.Events...)
	}
	events.summarizeStandings(sum)
	for _, in := range sum.Inputs {
		if in.Error != "" {
			sum.FailedInputs++
		}
	}
	staged := []string{output.ManifestDir}
	for _, ts := range tables {
		slices.Sort(ts.Parts)
		sum.AddTable(*ts)
		staged = append(staged, ts.Table)
	}
	fillCounts(sum, total)
	sum.SetRates(time.Now())
	var files []string
	if opt := cfg.sheetOptions(); opt != nil {
		path := cfg.Sheet.path(od.Root)
		stagedPath := path
		if path == filepath.Join(od.Root, ReportFile) {
			stagedPath = filepath.Join(od.Stage, ReportFile)
			files = append(files, ReportFile)
		}
		col := sheet.NewCollector(*opt)
		for _, sr := range read { // the games this run read, in input order
			for _, b := range sr.Sheets {
				col.Add(b)
			}
		}
		sum.Report = path
		if err := writeSheet(sum, total, col, *opt, events.list, od.Root, stagedPath); err != nil {
			return nil, err
		}
	}
	if err := writeManifests(od.Stage, pl, cfg, all); err != nil {
		return nil, err
	}
	if err := od.Publish(staged, files, func(dir string) error { return report.WriteSummary(dir, sum) }); err != nil {
		return nil, fmt.Errorf("audit: %w", err)
	}
	res := &Result{Summary: sum, Stats: total, Events: events.list, Plan: pl}
	failLevel, _ := parseFailOn(cfg.FailOn)
	switch {
	case sum.FailedInputs > 0:
		res.ExitCode = 2
	case failLevel == "error" && total.BySeverity["error"] > 0,
		failLevel == "warning" && total.BySeverity["error"]+total.BySeverity["warning"] > 0:
		res.ExitCode = 1
	}
	return res, nil
}

// derivedResult returns the run's derived result in all, added when
// there is none yet.
func derivedResult(all *[]*SourceResult) *SourceResult {
	for _, sr := range *all {
		if sr.Source.ID == derivedSource {
			return sr
		}
	}
	d := newSourceResult(plan.Source{ID: derivedSource, Path: "(derived from all the games)"})
	*all = append(*all, d)
	return d
}

// keptResults returns the results of the sources an incremental run keeps
// without reading them, from their manifests.
func keptResults(pl *plan.Plan, known map[string]*manifest) ([]*SourceResult, error) {
	var kept []*SourceResult
	for _, s := range pl.Unchanged {
		m := known[plan.AbsPath(s.Path)]
		if m == nil {
			return nil, fmt.Errorf("audit: %s: no manifest to keep it by", s.Path)
		}
		sr := m.Result
		sr.Source.Path, sr.Input.Path = s.Path, s.Path
		kept = append(kept, sr)
	}
	return kept, nil
}

// keepsGameInfos reports whether a source's manifest keeps its game infos:
// those of the standings read from the games are bounded (games with a
// usable Round tag, MaxStandingsGames in all); a run with a TRF keeps
// every game's, which a manifest does not hold.
func keepsGameInfos(sr *SourceResult) bool { return len(sr.GameInfos) <= MaxStandingsGames }

// fillCounts copies the run's counts into the summary.
func fillCounts(sum *report.Summary, total *stats.Run) {
	sum.Games = total.Games
	sum.Plies = total.PliesReplayed
	sum.Positions = total.Positions
	for _, k := range total.Kinds() {
		sum.FindingsByKind[k.Kind] = k.Count
		sum.Findings += k.Count
		ks := report.KindSummary{Kind: k.Kind, Severity: k.Severity, Count: k.Count, Games: k.Games}
		ks.Example.GameID, ks.Example.File, ks.Example.Line = k.Example.GameID, k.Example.File, k.Example.Line
		ks.Example.Ply, ks.Example.Message = k.Example.Ply, k.Example.Message
		sum.Kinds = append(sum.Kinds, ks)
	}
	sum.GamesAudited = total.GamesAudited
	sum.GamesWithErrors = total.GamesWithError
	sum.GamesEndedBy = total.EndKinds
	sum.Results = total.Results
	sum.Notations = total.Notations
	for k, v := range total.BySeverity {
		sum.FindingsBySeverity[k] = v
	}
}

// mergeSources merges the results of the reads of one source (the units
// of a distributed run) into one result per source, in the order the
// sources first appear.
func mergeSources(rs []*SourceResult) []*SourceResult {
	var out []*SourceResult
	by := map[int]*SourceResult{}
	for _, r := range rs {
		m := by[r.Source.ID]
		if m == nil {
			c := *r
			c.Stats = stats.NewRun()
			c.Stats.Merge(r.Stats)
			c.Parts = map[string][]PartFile{}
			for t, ps := range r.Parts {
				c.Parts[t] = slices.Clone(ps)
			}
			c.FPRuns, c.DupRows = slices.Clone(r.FPRuns), slices.Clone(r.DupRows)
			c.GameInfos, c.RoundMissing = slices.Clone(r.GameInfos), slices.Clone(r.RoundMissing)
			c.Events = slices.Clone(r.Events)
			c.Sheets = slices.Clone(r.Sheets)
			by[r.Source.ID] = &c
			out = append(out, &c)
			continue
		}
		m.Stats.Merge(r.Stats)
		for t, ps := range r.Parts {
			m.Parts[t] = append(m.Parts[t], ps...)
		}
		m.FPRuns = append(m.FPRuns, r.FPRuns...)
		m.DupRows = append(m.DupRows, r.DupRows...)
		m.GameInfos = append(m.GameInfos, r.GameInfos...)
		m.RoundMissing = append(m.RoundMissing, r.RoundMissing...)
		m.Events = append(m.Events, r.Events...)
		m.Sheets = append(m.Sheets, r.Sheets...)
		in, o := &m.Input, r.Input
		if in.Path == "" {
			in.Path = o.Path // a TRF the reader found in a pipe
		}
		in.Bytes += o.Bytes
		in.DecompressedBytes += o.DecompressedBytes
		in.Games += o.Games
		in.Positions += o.Positions
		in.SkippedGames += o.SkippedGames
		in.GarbageBytes += o.GarbageBytes
		in.GarbageRanges += o.GarbageRanges
		if in.Error == "" {
			in.Error, in.ErrorCode = o.Error, o.ErrorCode
		}
		if m.Source.SHA256 == "" {
			m.Source.SHA256 = r.Source.SHA256
		}
	}
	for _, m := range out {
		for _, ps := range m.Parts {
			slices.SortFunc(ps, func(a, b PartFile) int { return strings.Compare(a.Path, b.Path) })
		}
		// Units of a multi-frame file each read a frame past their end:
		// the file was read once.
		if m.Source.Size >= 0 && m.Input.Bytes > m.Source.Size {
			m.Input.Bytes = m.Source.Size
		}
	}
	return out
}

// writeManifests writes a manifest per source into stage/_manifest.
func writeManifests(stage string, pl *plan.Plan, cfg Config, all []*SourceResult) error {
	dir := filepath.Join(stage, output.ManifestDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("audit: %w", err)
	}
	for _, sr := range all {
		if sr.Source.ID == derivedSource {
			continue // derived anew by every run
		}
		c := *sr
		c.Sheets = nil // the report of a later run shows the games it reads
		if sr.Source.Kind == "trf" || !keepsGameInfos(sr) {
			c.GameInfos, c.RoundMissing = nil, nil // a TRF run reads every source again
		}
		sr = &c
		m := manifest{Tool: "arbiter", Version: cfg.Version, Rulebook: report.Rulebook, Schema: report.SchemaVersion,
			Audit: pl.Audit, AbsPath: plan.AbsPath(sr.Source.Path), Result: sr}
		data, err := json.MarshalIndent(m, "", "  ")
		if err != nil {
			return fmt.Errorf("audit: manifest of %s: %w", sr.Source.Path, err)
		}
		if err := os.WriteFile(filepath.Join(dir, manifestName(sr.Source.ID)), append(data, '\n'), 0o644); err != nil {
			return fmt.Errorf("audit: manifest of %s: %w", sr.Source.Path, err)
		}
	}
	return nil
}

// linkParts makes the part files of a kept source appear in the staging
// folder under the same names: hard links where the file system has them
// (no bytes copied), copies elsewhere. The earlier run's files stay as
// they are until the new run is published.
func linkParts(root, stage string, sr *SourceResult) error {
	{
		for _, p := range sr.files() {
			src, dst := filepath.Join(root, filepath.FromSlash(p)), filepath.Join(stage, filepath.FromSlash(p))
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				return err
			}
			if err := os.Link(src, dst); err == nil {
				continue
			}
			if err := copyFile(src, dst); err != nil {
				return err
			}
		}
	}
	return nil
}

// files are the paths of a source's files in the output folder: its parts
// and its fingerprint files.
func (sr *SourceResult) files() []string {
	paths := slices.Clone(sr.FPRuns)
	for _, parts := range sr.Parts {
		for _, pf := range parts {
			paths = append(paths, pf.Path)
		}
	}
	return paths
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// writeEmptyTable writes one part with the table's schema and no rows.
func writeEmptyTable(dir string, table report.Table, opt report.WriterOptions) (report.TableStats, error) {
	opt.Chunked, opt.Stem = true, plan.PartStem(0, 0)
	w, err := report.NewTableWriter(dir, table, opt)
	if err != nil {
		return report.TableStats{}, fmt.Errorf("audit: table %s: %w", table.Name, err)
	}
	st, err := w.Close()
	if err != nil {
		return st, fmt.Errorf("audit: table %s: %w", table.Name, err)
	}
	return st, nil
}
