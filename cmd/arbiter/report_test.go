package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The report's flags: -report PATH, -report-level, -report-max, -lang;
// bad values are usage errors.
func TestAuditReportFlags(t *testing.T) {
	for _, args := range [][]string{
		{"audit", "-lang", "xx", "x.pgn"},
		{"audit", "-report-level", "fatal", "x.pgn"},
		{"audit", "-report-max", "-1", "x.pgn"},
	} {
		if code, _, _ := runCmd(args...); code != 2 {
			t.Errorf("%q: exit %d, want 2", args, code)
		}
	}
	dir := filepath.Join("..", "..", "testdata", "event")
	out := filepath.Join(t.TempDir(), "out")
	page := filepath.Join(t.TempDir(), "bericht.html")
	code, stdout, errs := runCmd("audit", "-o", out, "-progress", "never", "-report", page, "-lang", "de",
		"-report-level", "info", "-report-max", "3", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if !strings.Contains(stdout, "report: "+page) {
		t.Errorf("the summary does not name the report:\n%s", stdout)
	}
	data, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<html lang="de">`, "Korrekturbogen", "Kreuztabelle", `data-level="info" data-max="3"`} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "report.html")); err == nil {
		t.Error("report.html written beside the tables although -report names another path")
	}
}
