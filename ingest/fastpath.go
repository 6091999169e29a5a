//go:build !arbiter_reference

package ingest

// fastPaths switches on the fast paths of the splitter and the parser
// (splitter_fast.go, parse_fast.go): word-at-a-time scans for the shapes
// generated files take. Each is a layer over the general code beside it
// and must give the same result; building with -tags arbiter_reference
// switches them all off, so that the tests run on the general code alone.
const fastPaths = true
