// Package output owns a run's output folder: it makes sure that a folder
// holds exactly one run's tables, that readers never see two runs mixed,
// and that two runs never write into one folder at once.
//
// A run opens the folder with Open. Open takes a lock on the folder (a
// second run into it is refused at once with ErrLocked), removes what
// crashed runs left behind, and refuses a folder that holds files Arbiter
// did not make (ErrForeign), unless Options.Force is set; such files are
// never touched either way. The run then writes everything into a hidden
// staging folder inside it (Dir.Stage, DIR/.arbiter-run-<id>/), which no
// glob such as DIR/games/*.parquet can see.
//
// Publish moves the run's tables into place: it first removes summary.json
// (from then on the folder says it is incomplete), swaps each table folder
// in with one rename, removes the tables of an earlier run that this run
// did not write, and writes summary.json last. A reader who globs a table
// during the run, or after a crash, a SIGKILL or a full disk, sees the
// previous complete run, or a folder without summary.json. Abort removes
// the staging folder and leaves the previous run as it was.
//
// What it does not do: it does not write tables or decide their names
// (package report and the pipeline do), and it does not clean up after a
// process that was killed: the next Open does.
package output
