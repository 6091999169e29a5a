package chess

import (
	"testing"
	"unsafe"
)

// TestPositionSize keeps Position small: it is copied for every move tried.
func TestPositionSize(t *testing.T) {
	if s := unsafe.Sizeof(Position{}); s > 200 {
		t.Errorf("Position is %d bytes", s)
	} else {
		t.Logf("Position is %d bytes", s)
	}
}
