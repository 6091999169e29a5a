package ingest

import (
	"bytes"
	"os"
	"testing"
)

// TestDebugDump prints the dump of the file named by INGEST_DUMP.
func TestDebugDump(t *testing.T) {
	name := os.Getenv("INGEST_DUMP")
	if name == "" {
		t.Skip("set INGEST_DUMP")
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r := NewReader(f, name, Options{})
	games, _, skips, _, err := readAll(t, r)
	var w bytes.Buffer
	var g Game
	for _, raw := range games {
		ParseGame(raw, name, ParseOptions{}, &g)
		dumpGame(&w, &g, 0)
	}
	for _, s := range skips {
		w.WriteString("skip " + s.Err.Error() + "\n")
	}
	if err != nil {
		w.WriteString("readerr " + err.Error() + "\n")
	}
	os.Stdout.Write(w.Bytes())
}
