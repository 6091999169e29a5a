package audit

// Hive partitions (-partition month): every row of a game goes under
// table/year=YYYY/month=MM/ by the game's date (UTCDate, else Date), as
// the Hugging Face Lichess dataset lays out its files, so that a query of
// one month reads one folder and DuckDB, Polars and Spark read the
// partition columns from the paths (hive_partitioning). A date whose year
// or month is unknown goes under __HIVE_DEFAULT_PARTITION__, as Hive and
// Spark name a NULL partition value; so do the rows of no game (positions)
// and the tables of events (players, pairings). A duplicate_game finding
// goes with its game.

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"

	"github.com/arbiter-chess/arbiter/ingest"
)

// Partition schemes (Config.Partition).
const (
	PartitionNone  = ""
	PartitionMonth = "month"
)

// defaultPartition holds what has no date.
const defaultPartition = "year=__HIVE_DEFAULT_PARTITION__/month=__HIVE_DEFAULT_PARTITION__"

// gameKey is a game's partition (StageOptions.Partition).
type gameKey struct {
	id  int64
	key string
}

// monthKey returns the partition of a game with these tags.
func monthKey(tags []ingest.Tag) string {
	var date string
	for i := range tags {
		switch tags[i].Name {
		case "UTCDate":
			date = tags[i].Value
		case "Date":
			if date == "" {
				date = tags[i].Value
			}
		}
	}
	year, month := "__HIVE_DEFAULT_PARTITION__", "__HIVE_DEFAULT_PARTITION__"
	digits := func(s string) bool {
		for _, c := range s {
			if c < '0' || c > '9' {
				return false
			}
		}
		return s != ""
	}
	if len(date) >= 4 && digits(date[:4]) {
		year = date[:4]
		if len(date) >= 7 && date[4] == '.' && digits(date[5:7]) && date[5:7] >= "01" && date[5:7] <= "12" {
			month = date[5:7]
		}
	}
	return "year=" + year + "/month=" + month
}

// partRun is a run of consecutive rows of one partition.
type partRun struct {
	key        string
	start, end int64
}

// partitionRuns cuts the rows of a batch of table t into runs of one
// partition, from the partitions of the block's games (in row order of
// the games table). Rows of a game are consecutive and the games come in
// order in every table.
func partitionRuns(t int, rec arrow.RecordBatch, keys []gameKey) []partRun {
	n := rec.NumRows()
	if n == 0 {
		return nil
	}
	if t == TablePositions || len(keys) == 0 {
		return []partRun{{defaultPartition, 0, n}}
	}
	var runs []partRun
	add := func(key string, i int64) {
		if len(runs) > 0 && runs[len(runs)-1].key == key {
			runs[len(runs)-1].end = i + 1
			return
		}
		runs = append(runs, partRun{key, i, i + 1})
	}
	if t == TableGames {
		for i := int64(0); i < n; i++ {
			add(keys[i].key, i)
		}
		return runs
	}
	ids := rec.Column(0).(*array.Int64) // game_id is the first column of the moves and findings tables
	k := 0
	for i := int64(0); i < n; i++ {
		if ids.IsNull(int(i)) {
			add(defaultPartition, i)
			continue
		}
		id := ids.Value(int(i))
		for k < len(keys)-1 && keys[k].id != id {
			k++
		}
		key := defaultPartition
		if keys[k].id == id {
			key = keys[k].key
		}
		add(key, i)
	}
	return runs
}
