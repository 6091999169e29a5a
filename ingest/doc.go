// Package ingest turns bytes into games: it reads PGN archives and FEN/EPD
// files, plain or compressed, cuts them into blocks of games and tokenizes
// each game.
//
// What it does:
//   - Expand resolves command-line arguments (files, directories searched
//     recursively for .pgn/.epd/.fen/.trf, optionally .zst/.gz/.bz2, glob
//     patterns, "-" for standard input) into Inputs; a directory or pattern
//     that yields nothing is an error (ErrNoInput). Reader.Peek returns
//     the first decompressed bytes of an input and Reader.Content its
//     whole content, so that a caller can recognise by content a file it
//     reads itself (a FIDE TRF) from the one open; Head and OpenContent
//     do the same for a regular file, which can be opened again.
//   - Open / OpenContext / NewReader detect the compression by magic bytes
//     (zstd with windows up to 2 GiB as written by `zstd --long=31`,
//     multi-frame; gzip, multi-member; bzip2) and return a Reader. UTF-16
//     text (with a byte order mark, or recognised by its NUL bytes) is
//     transcoded to UTF-8, and CR line ends read as LF ones, before the
//     stream is split. OpenContext gives up an open that blocks (a FIFO)
//     and stops a read that waits when its context ends.
//   - The first buffer of an input is judged before any block: an empty
//     input, binary data, and text with neither a tag pair nor a line of
//     movetext fail as a whole with an *InputError (codes empty_input,
//     not_pgn); see ErrorCode for the codes of every input failure.
//   - Reader.Next cuts the decompressed stream into Blocks of many games
//     (about Options.BlockBytes each) without holding the stream: each
//     RawGame knows its file, byte offset, line and index. Garbage between
//     games and games over Options.MaxGameSize are skipped and reported
//     with their byte ranges; Stats account for every byte. Position files
//     yield one RawPosition per line.
//   - ParseGame tokenizes one RawGame into a reusable Game: tag pairs (with
//     the escapes and the unescaped quotes real files have), main-line move
//     tokens as written, NAGs and suffix glyphs, comments with [%clk],
//     [%emt] and [%eval] extracted, variations (kept as structure or
//     skipped), null moves, draw offers "(=)", "e.p." marks, and result
//     spellings normalised to the four PGN results. Games that are not
//     valid UTF-8 are read as Windows-1252, or as Windows-1251 when their
//     bytes look Cyrillic. Tolerated irregularities become
//     Notes; a game that cannot be read completely gets a located
//     *SyntaxError and keeps what was read.
//
// The splitter is sequential and cheap; ParseGame is a plain function
// meant to be called by parallel workers, one Game per worker.
//
// What it does not do: it does not interpret chess. Move tokens are handed
// on as raw text ("Sf3", "e2-e4", "0-0", "exd6", "e8(Q)" stay as written)
// and FEN/EPD lines are delivered unparsed; the chess core (package chess)
// reads them. It does not validate tag values (dates, Elo) nor compare the
// Result tag with the movetext result; that is the validator's job.
//
// Bounds: the splitter and the tokenizer run in time linear in the input,
// without recursion (variations are tracked with an explicit stack and
// capped by ParseOptions.MaxNesting). Memory is bounded by the block size
// (a line longer than the buffer is read game by game as it comes), the
// per-game cap (Options.MaxGameSize; larger games are skipped and
// reported, their neighbours read), the per-game move cap
// (ParseOptions.MaxMoves), the note cap (MaxNotes) and, for zstd, the
// stream's window: up to 2 GiB for `zstd --long=31` streams such as the
// Lichess dumps (Options.MaxWindow refuses larger ones before decoding).
// Decoders are kept and reused across files so that their history is
// allocated once; SetMemoryLimit counts that history outside the heap's
// budget. A decompressed stream can be stopped at a size (Options.MaxBytes)
// or ratio (Options.MaxExpansion, 1000:1 by default): decompression
// bombs.
//
// Concurrency: for compressed inputs the decoder runs in its own goroutine,
// one chunk ahead of the splitter (Options.NoReadAhead turns this off), so
// decoding and splitting overlap; the zstd decoder itself is a pipeline of
// goroutines (Options.DecoderConcurrency). The Reader itself is used from
// one goroutine, ParseGame from any number (one Game each).
package ingest
