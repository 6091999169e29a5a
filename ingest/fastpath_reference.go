//go:build arbiter_reference

package ingest

// fastPaths is off: the tests run on the general code alone (see
// fastpath.go).
const fastPaths = false
