// Package plan cuts a run's inputs into work units that machines can audit
// independently, and names every input with a stable source number.
//
// A Plan lists the sources (each input file with its size, SHA-256 and
// kind) and the units: byte ranges of a source that begin at a game and
// tile its decompressed text. Plain PGN files are cut into units of about
// Options.BlockSize, each starting at a game-start line near a multiple of
// the block size; zstd files made of many independent frames (pzstd's
// output, such as the Lichess dumps) are cut at frame boundaries; other
// compressed files (one zstd frame, gzip, bzip2) and position files are
// one unit each. A plan made for other machines (Options.Exact) also holds
// each unit's decompressed offset and line number, which makes it read
// every plain file once and decompress every multi-frame file once.
//
// Source numbers make game ids that do not depend on which machine or
// which run read a game: GameID(source, offset) is the source number
// above the byte offset of the game's first byte in the decompressed
// stream. A plan made against an output folder's manifests keeps the
// numbers the manifests gave.
//
// The plan does not audit anything and holds no rows: package audit runs
// units and commits their output; the plan is what every machine of a
// distributed run must agree on, so it is written once (JSON) and read by
// all of them.
package plan
