package audit

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"

	"github.com/arbiter-chess/arbiter/report"
)

// TestHelperAuditProcess is not a test: TestKilledRun runs the test binary
// again with ARBITER_AUDIT_OUT set, to have a real process to kill.
func TestHelperAuditProcess(t *testing.T) {
	out := os.Getenv("ARBITER_AUDIT_OUT")
	if out == "" {
		t.Skip("helper process for TestKilledRun")
	}
	_, _ = Run(context.Background(), Config{Inputs: []string{sample}, OutDir: out, Jobs: 1, Progress: "never",
		Writer: report.WriterOptions{RowGroupRows: 5_000, PartRows: 20_000}})
}

// A run killed midway (SIGKILL, nothing can clean up) publishes nothing:
// its finished parts stay in its staging folder, which no table glob
// matches, there is no summary.json, and a rerun removes the leftovers and
// succeeds.
func TestKilledRun(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a process")
	}
	out := filepath.Join(t.TempDir(), "out")
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperAuditProcess$")
	cmd.Env = append(os.Environ(), "ARBITER_AUDIT_OUT="+out)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Kill it once some part files exist in its staging folder.
	staged := filepath.Join(out, ".arbiter-run-*", "moves", "*.parquet")
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		parts, _ := filepath.Glob(staged)
		if len(parts) >= 2 {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	_ = cmd.Process.Kill()
	_ = cmd.Wait()

	if _, err := os.Stat(filepath.Join(out, report.SummaryFile)); err == nil {
		t.Skip("the run finished before it could be killed")
	}
	if parts, _ := filepath.Glob(filepath.Join(out, "*", "*.parquet")); len(parts) > 0 {
		t.Fatalf("a killed run published %d part files: %v", len(parts), parts)
	}
	parts, _ := filepath.Glob(staged)
	if len(parts) == 0 {
		t.Fatal("no part file was finished before the kill")
	}
	for _, p := range parts {
		if strings.HasPrefix(filepath.Base(p), ".") {
			t.Errorf("temporary file %s matches *.parquet", p)
		}
		rdr, err := file.OpenParquetFile(p, false)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		fr, err := pqarrow.NewFileReader(rdr, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		tbl, err := fr.ReadTable(context.Background())
		if err != nil {
			t.Fatalf("%s: incomplete part file: %v", p, err)
		}
		tbl.Release()
		rdr.Close()
	}
	// The rerun into the same folder succeeds and is whole.
	res, err := Run(context.Background(), Config{Inputs: []string{sample}, OutDir: out, Jobs: 2, Progress: "never", Writer: writerForTests()})
	if err != nil {
		t.Fatal(err)
	}
	if got := rows(readTable(t, out, "games")); got != res.Summary.Games {
		t.Fatalf("rerun: %d games rows, summary %d", got, res.Summary.Games)
	}
	if left, _ := filepath.Glob(filepath.Join(out, ".arbiter-*")); len(left) > 0 {
		t.Errorf("the rerun left %v", left)
	}
}
