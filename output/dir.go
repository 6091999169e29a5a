package output

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// Names of what Arbiter keeps in an output folder besides the tables.
const (
	SummaryFile = "summary.json"
	ReportFile  = "report.html"
	// ManifestDir holds a manifest per source (source-NNNNN.json) and its
	// games' fingerprints (source-...fp): what a later run needs to know of
	// the sources it does not read again.
	ManifestDir = "_manifest"
	lockFile    = ".arbiter.lock"
	stagePrefix = ".arbiter-run-"
	trashPrefix = ".arbiter-old-"
	// PlanPrefix starts the folders where the units of a distributed run
	// write their parts until the commit (.arbiter-plan-<plan id>).
	PlanPrefix = ".arbiter-plan-"
)

// ErrLocked is returned by Open when another run holds the folder.
var ErrLocked = errors.New("another arbiter run is writing to this folder")

// ErrForeign is wrapped by the *ForeignError that Open returns when the
// folder holds files that Arbiter did not make.
var ErrForeign = errors.New("the output folder holds files arbiter did not make")

// ForeignError lists the files of an output folder that Arbiter did not
// make (paths relative to the folder, at most a few).
type ForeignError struct {
	Dir   string
	Files []string
	More  int // further files not listed
	// InTheWay is set when a file stands where Arbiter must write its
	// own (summary.json, report.html): -force cannot help then.
	InTheWay bool
}

func (e *ForeignError) Error() string {
	s := fmt.Sprintf("%s: %v: %s", e.Dir, ErrForeign, strings.Join(e.Files, ", "))
	if e.More > 0 {
		s += fmt.Sprintf(" and %d more", e.More)
	}
	if e.InTheWay {
		return s + " (arbiter writes its own file of that name: choose an empty or new folder, or move the file away)"
	}
	return s + " (choose an empty or new folder, or pass -force to write beside them)"
}

func (e *ForeignError) Unwrap() error { return ErrForeign }

// Options tunes Open.
type Options struct {
	// Tables are the names of every table Arbiter may write (games,
	// moves, ...): folders of these names that hold only part files are
	// an earlier run's tables.
	Tables []string
	// Force lets the run write into a folder that holds files Arbiter did
	// not make. They are left as they are.
	Force bool
	// NoSync skips fsync of the folder after renames (tests).
	NoSync bool
}

// Dir is a run's hold on its output folder, from Open to Publish or Abort.
type Dir struct {
	Root  string // the output folder
	Stage string // where the run writes its tables and files
	opt   Options
	lock  io.Closer
	done  bool
}

// Open prepares root for a new run; see the package documentation.
func Open(root string, opt Options) (*Dir, error) {
	if err := os.MkdirAll(root, 0o755); err != nil {
		return nil, fmt.Errorf("output: create folder: %w", err)
	}
	lk, err := lockFolder(filepath.Join(root, lockFile))
	if err != nil {
		if errors.Is(err, ErrLocked) {
			return nil, fmt.Errorf("output: %s: %w", root, err)
		}
		return nil, fmt.Errorf("output: lock %s: %w", root, err)
	}
	d := &Dir{Root: root, opt: opt, lock: lk}
	fail := func(err error) (*Dir, error) {
		lk.Close()
		return nil, err
	}
	if err := d.removeLeftovers(); err != nil {
		return fail(err)
	}
	if err := d.checkForeign(); err != nil {
		return fail(err)
	}
	id := make([]byte, 6)
	_, _ = rand.Read(id)
	d.Stage = filepath.Join(root, stagePrefix+hex.EncodeToString(id))
	if err := os.Mkdir(d.Stage, 0o755); err != nil {
		return fail(fmt.Errorf("output: create staging folder: %w", err))
	}
	return d, nil
}

// removeLeftovers removes the staging and trash folders of runs that died
// before they could: the lock says no run is using them now.
func (d *Dir) removeLeftovers() error {
	ents, err := os.ReadDir(d.Root)
	if err != nil {
		return fmt.Errorf("output: read folder: %w", err)
	}
	for _, e := range ents {
		n := e.Name()
		if e.IsDir() && (strings.HasPrefix(n, stagePrefix) || strings.HasPrefix(n, trashPrefix)) {
			if err := os.RemoveAll(filepath.Join(d.Root, n)); err != nil {
				return fmt.Errorf("output: remove what an interrupted run left: %w", err)
			}
		}
		if !e.IsDir() && n == "."+SummaryFile+".tmp" {
			_ = os.Remove(filepath.Join(d.Root, n))
		}
	}
	return nil
}

// checkForeign returns a *ForeignError when the folder holds anything but
// an earlier run's tables, summary and report; with Force, only when a
// file Arbiter must write in their place (summary.json, report.html) is
// someone else's.
func (d *Dir) checkForeign() error {
	ents, err := os.ReadDir(d.Root)
	if err != nil {
		return fmt.Errorf("output: read folder: %w", err)
	}
	var foreign, inTheWay []string
	for _, e := range ents {
		n := e.Name()
		switch {
		case n == lockFile:
		case e.IsDir() && strings.HasPrefix(n, PlanPrefix):
			// the parts of a distributed run, waiting for their commit
		case e.IsDir() && (slices.Contains(d.opt.Tables, n) || n == ManifestDir):
			fs, err := d.foreignInTable(n)
			if err != nil {
				return err
			}
			foreign = append(foreign, fs...)
		case n == SummaryFile:
			if e.IsDir() || !isOurSummary(filepath.Join(d.Root, n)) {
				inTheWay = append(inTheWay, n)
			}
		case n == ReportFile:
			if e.IsDir() || !isOurReport(filepath.Join(d.Root, n)) {
				inTheWay = append(inTheWay, n)
			}
		default:
			if e.IsDir() {
				n += "/"
			}
			foreign = append(foreign, n)
		}
	}
	if d.opt.Force {
		foreign = nil
	}
	foreign = append(inTheWay, foreign...)
	if len(foreign) == 0 {
		return nil
	}
	fe := &ForeignError{Dir: d.Root, Files: foreign, InTheWay: len(inTheWay) > 0}
	if len(fe.Files) > 5 {
		fe.Files, fe.More = fe.Files[:5], len(fe.Files)-5
	}
	return fe
}

// foreignInTable lists the files of table folder name that are not part
// files (part-*.parquet, or the hidden temporary files of one).
func (d *Dir) foreignInTable(name string) ([]string, error) {
	ents, err := os.ReadDir(filepath.Join(d.Root, name))
	if err != nil {
		return nil, fmt.Errorf("output: read table folder: %w", err)
	}
	var out []string
	for _, e := range ents {
		if e.IsDir() && name != ManifestDir && isPartitionDir(e.Name()) {
			// A Hive partition (year=2024): ours when all it holds is.
			in, err := d.foreignInTable(name + "/" + e.Name())
			if err != nil {
				return nil, err
			}
			out = append(out, in...)
			continue
		}
		if !isOurs(name, e) {
			out = append(out, name+"/"+e.Name())
		}
	}
	return out, nil
}

// isPartitionDir reports whether a folder's name is a Hive partition's,
// key=value.
func isPartitionDir(n string) bool {
	k, v, ok := strings.Cut(n, "=")
	return ok && k != "" && v != "" && !strings.ContainsAny(k, "/.")
}

// isOurs reports whether e, in folder, is a file Arbiter makes there: a
// part file (or the temporary file of one) in a table folder, a manifest
// in the manifest folder.
func isOurs(folder string, e fs.DirEntry) bool {
	if folder == ManifestDir {
		n := e.Name()
		return e.Type().IsRegular() && strings.HasPrefix(n, "source-") &&
			(strings.HasSuffix(n, ".json") || strings.HasSuffix(n, ".json.tmp") || strings.HasSuffix(n, ".fp"))
	}
	return isPart(e) || isPartTemp(e)
}

func isPart(e fs.DirEntry) bool {
	n := e.Name()
	return e.Type().IsRegular() && strings.HasPrefix(n, "part-") && strings.HasSuffix(n, ".parquet")
}

func isPartTemp(e fs.DirEntry) bool {
	n := e.Name()
	return e.Type().IsRegular() && strings.HasPrefix(n, ".part-") && strings.HasSuffix(n, ".tmp")
}

// isOurSummary reports whether path is a summary.json that Arbiter wrote.
func isOurSummary(path string) bool {
	data, err := os.ReadFile(path)
	if err != nil {
		return false
	}
	var s struct {
		Tool string `json:"tool"`
	}
	return json.Unmarshal(data, &s) == nil && s.Tool == "arbiter"
}

// ReportMarker is written near the top of every report.html Arbiter makes,
// so that a later run knows the file for its own.
const ReportMarker = `<meta name="generator" content="arbiter">`

func isOurReport(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 4096)
	n, _ := io.ReadFull(f, head)
	return bytes.Contains(head[:n], []byte(ReportMarker))
}

// Publish puts the run's staged tables and files in place and writes the
// summary last (see the package documentation). tables are the table
// folders the run wrote under Stage; files are the other files it staged
// (report.html). writeSummary writes summary.json into the folder it is
// given, atomically.
func (d *Dir) Publish(tables, files []string, writeSummary func(dir string) error) error {
	if d.done {
		return errors.New("output: publish after the run ended")
	}
	trash := filepath.Join(d.Root, trashPrefix+strings.TrimPrefix(filepath.Base(d.Stage), stagePrefix))
	if err := os.Remove(filepath.Join(d.Root, SummaryFile)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("output: remove the earlier summary: %w", err)
	}
	if err := d.sync(d.Root); err != nil {
		return err
	}
	if err := os.Mkdir(trash, 0o755); err != nil {
		return fmt.Errorf("output: %w", err)
	}
	for _, t := range append(slices.Clone(d.opt.Tables), ManifestDir) {
		if err := d.publishTable(t, slices.Contains(tables, t), trash); err != nil {
			return err
		}
	}
	for _, f := range []string{ReportFile} {
		dst := filepath.Join(d.Root, f)
		if slices.Contains(files, f) {
			if err := os.Rename(filepath.Join(d.Stage, f), dst); err != nil {
				return fmt.Errorf("output: publish %s: %w", f, err)
			}
		} else if isOurReport(dst) {
			if err := os.Remove(dst); err != nil {
				return fmt.Errorf("output: remove the earlier %s: %w", f, err)
			}
		}
	}
	if err := d.sync(d.Root); err != nil {
		return err
	}
	if err := writeSummary(d.Root); err != nil {
		return err
	}
	d.done = true
	err := os.RemoveAll(trash)
	if rerr := os.RemoveAll(d.Stage); err == nil {
		err = rerr
	}
	d.lock.Close()
	if err != nil {
		return fmt.Errorf("output: clean up: %w", err)
	}
	return nil
}

// publishTable swaps the staged folder of table t in (when staged), or
// removes an earlier run's folder of it. A folder that also holds foreign
// files (with Force) keeps them: only part files move.
func (d *Dir) publishTable(t string, staged bool, trash string) error {
	dst := filepath.Join(d.Root, t)
	src := filepath.Join(d.Stage, t)
	foreign, err := d.foreignInTable(t)
	exists := err == nil
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	if exists && len(foreign) == 0 {
		if err := os.Rename(dst, filepath.Join(trash, t)); err != nil {
			return fmt.Errorf("output: set the earlier %s table aside: %w", t, err)
		}
		exists = false
	}
	if !exists {
		if staged {
			if err := os.Rename(src, dst); err != nil {
				return fmt.Errorf("output: publish the %s table: %w", t, err)
			}
		}
		return nil
	}
	// Foreign files beside our parts: replace the parts one by one.
	ents, err := os.ReadDir(dst)
	if err != nil {
		return fmt.Errorf("output: read table folder: %w", err)
	}
	for _, e := range ents {
		if isOurs(t, e) {
			if err := os.Remove(filepath.Join(dst, e.Name())); err != nil {
				return fmt.Errorf("output: remove the earlier %s table: %w", t, err)
			}
		}
	}
	if !staged {
		return nil
	}
	parts, err := os.ReadDir(src)
	if err != nil {
		return fmt.Errorf("output: read staged table: %w", err)
	}
	for _, e := range parts {
		if err := os.Rename(filepath.Join(src, e.Name()), filepath.Join(dst, e.Name())); err != nil {
			return fmt.Errorf("output: publish the %s table: %w", t, err)
		}
	}
	return d.sync(dst)
}

// Abort ends a run that will not publish: the staging folder is removed
// and the folder is left as the previous run made it. Abort after Publish
// does nothing.
func (d *Dir) Abort() error {
	if d.done {
		return nil
	}
	d.done = true
	err := os.RemoveAll(d.Stage)
	d.lock.Close()
	if err != nil {
		return fmt.Errorf("output: remove the staging folder: %w", err)
	}
	return nil
}

func (d *Dir) sync(dir string) error {
	if d.opt.NoSync {
		return nil
	}
	f, err := os.Open(dir)
	if err != nil {
		return fmt.Errorf("output: sync folder: %w", err)
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fmt.Errorf("output: sync folder %s: %w", dir, err)
	}
	return nil
}
