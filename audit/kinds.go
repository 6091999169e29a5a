package audit

// The kinds of the findings the pipeline writes itself, about a game it
// could not judge to the end (the judge's kinds are validate's Kind
// constants, the tokenizer's notes ingest's Note codes; see also
// KindDuplicateGame).
const (
	// KindSyntaxError: the game's text could not be read to its end.
	KindSyntaxError = "syntax_error"
	// KindGameSkipped: the reader skipped the game (over the size cap).
	KindGameSkipped = "game_skipped"
	// KindInternalError: judging the game failed on a bug (a panic).
	KindInternalError = "internal_error"
)
