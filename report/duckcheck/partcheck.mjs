// partcheck.mjs: verify with a real DuckDB that a run written with
// -partition month holds the same rows as the same run written flat.
//
// Usage: node partcheck.mjs FLAT_DIR PARTITIONED_DIR
//
// For every table of FLAT_DIR's summary.json it reads
// PARTITIONED_DIR/<table>/**/*.parquet with hive_partitioning (the year=
// and month= folders become columns), and checks that:
//   - the rows, without year and month, are the flat run's rows (as
//     multisets: EXCEPT ALL both ways, and equal counts);
//   - every games row sits under the month of its UTCDate, else of its
//     Date ("__HIVE_DEFAULT_PARTITION__", read as NULL, when neither has
//     a known year and month), and every row of moves and findings
//     with a game_id sits in its game's partition.
//
// Exit status: 0 when every check passes, 1 on a mismatch (each one is
// printed), 2 on a usage error or when DuckDB cannot read the files.

import { DuckDBInstance } from '@duckdb/node-api';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const [flat, part] = process.argv.slice(2);
if (!flat || !part) {
  console.error('usage: node partcheck.mjs FLAT_DIR PARTITIONED_DIR');
  process.exit(2);
}
const q = (s) => `'${s.replaceAll("'", "''")}'`;
const summary = JSON.parse(readFileSync(join(flat, 'summary.json'), 'utf8'));
const tables = Object.keys(summary.tables);

const db = await DuckDBInstance.create(':memory:');
const conn = await db.connect();
const rows = async (sql) => (await conn.runAndReadAll(sql)).getRowObjectsJS();
const problems = [];
try {
  for (const t of tables) {
    const f = `read_parquet(${q(join(flat, t, '*.parquet'))})`;
    const p = `read_parquet(${q(join(part, t, '**', '*.parquet'))}, hive_partitioning = true)`;
    await conn.run(`CREATE OR REPLACE TEMP VIEW f_${t} AS SELECT * FROM ${f}`);
    await conn.run(`CREATE OR REPLACE TEMP VIEW p_${t} AS SELECT * FROM ${p}`);
    const [c] = await rows(`SELECT (SELECT count(*) FROM f_${t}) AS flat, (SELECT count(*) FROM p_${t}) AS part,
      (SELECT count(*) FROM (SELECT * FROM f_${t} EXCEPT ALL SELECT * EXCLUDE (year, month) FROM p_${t})) AS only_flat,
      (SELECT count(*) FROM (SELECT * EXCLUDE (year, month) FROM p_${t} EXCEPT ALL SELECT * FROM f_${t})) AS only_part`);
    if (c.flat !== c.part || c.only_flat !== 0n || c.only_part !== 0n) {
      problems.push(`${t}: ${c.flat} rows flat, ${c.part} partitioned; ${c.only_flat} only flat, ${c.only_part} only partitioned`);
    }
    console.log(`${t}: ${c.part} rows, the same as the flat run's`);
  }
  // The partition a game belongs to, as audit/partition.go decides it:
  // UTCDate, else Date; a year or month that is not digits is unknown
  // (NULL in DuckDB's reading of __HIVE_DEFAULT_PARTITION__).
  const want = (g) => {
    const d = g.utc != null ? g.utc.replaceAll('-', '.') : (g.date_text ?? '');
    const y = /^[0-9]{4}/.test(d) ? Number(d.slice(0, 4)) : null;
    const m = y != null && /^[0-9]{4}\.(0[1-9]|1[0-2])/.test(d) ? Number(d.slice(5, 7)) : null;
    return [y, m];
  };
  const games = await rows(`SELECT game_id::VARCHAR AS id, utc_date::VARCHAR AS utc, date_text, year::INTEGER AS year, month::INTEGER AS month FROM p_games`);
  const wrong = games.filter((g) => { const [y, m] = want(g); return y !== g.year || m !== g.month; });
  if (wrong.length > 0) {
    const g = wrong[0];
    problems.push(`games: ${wrong.length} of ${games.length} rows under the wrong month (e.g. game_id ${g.id}: UTCDate ${g.utc}, Date ${g.date_text}, year=${g.year}/month=${g.month})`);
  } else {
    console.log(`games: all ${games.length} rows under the month of their date`);
  }
  // (players and pairings are the events' tables: under the default
  // partition, whatever their games' months)
  for (const t of tables.filter((t) => !['games', 'players', 'pairings'].includes(t))) {
    const cols = await rows(`SELECT column_name FROM (DESCRIBE p_${t})`);
    if (!cols.some((c) => c.column_name === 'game_id')) continue;
    const [r] = await rows(`SELECT count(*) AS wrong FROM p_${t} x JOIN p_games g USING (game_id)
      WHERE x.year IS DISTINCT FROM g.year OR x.month IS DISTINCT FROM g.month`);
    if (r.wrong !== 0n) problems.push(`${t}: ${r.wrong} rows outside their game's partition`);
  }
} catch (e) {
  console.error(`DuckDB could not read the tables: ${e.message}`);
  process.exit(2);
}
for (const p of problems) console.error(`FAIL ${p}`);
if (problems.length > 0) process.exit(1);
console.log(`${tables.length} tables partitioned by month hold the flat run's rows`);
