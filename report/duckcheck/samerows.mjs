// samerows.mjs: check with a real DuckDB that two Arbiter output folders
// hold the same rows (e.g. arbiter audit's and arbiter-beam's on the same
// inputs).
//
// Usage: node samerows.mjs DIR_A DIR_B
//
// For every table folder in either DIR (games, moves, findings, positions,
// players, pairings), both must have it, with the same row count, and
// `A EXCEPT ALL B` and `B EXCEPT ALL A` must be empty (the same multiset
// of rows, every column compared). The ordered comparison (ids, part
// order) is the Go tests' job. summary.json's games, plies, positions,
// findings and findings_by_kind must be equal too.
//
// Exit status: 0 when the folders agree, 1 on a difference (each one is
// printed), 2 on a usage error or when DuckDB cannot read the files.

import { DuckDBInstance } from '@duckdb/node-api';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const dirs = process.argv.slice(2);
if (dirs.length !== 2 || dirs.some((d) => d.startsWith('-'))) {
  console.error('usage: node samerows.mjs DIR_A DIR_B');
  process.exit(2);
}
const [a, b] = dirs;
const tables = ['games', 'moves', 'findings', 'positions', 'players', 'pairings'];
const sqlString = (s) => `'${s.replaceAll("'", "''")}'`;
const parts = (dir, t) => `read_parquet(${sqlString(join(dir, t, '*.parquet'))})`;

const problems = [];
try {
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  const one = async (sql) => Number(Object.values((await conn.runAndReadAll(sql)).getRowObjectsJS()[0])[0]);
  for (const t of tables) {
    const inA = existsSync(join(a, t)), inB = existsSync(join(b, t));
    if (inA !== inB) {
      problems.push(`table ${t}: only in ${inA ? a : b}`);
      continue;
    }
    if (!inA) continue;
    const na = await one(`SELECT count(*) FROM ${parts(a, t)}`);
    const nb = await one(`SELECT count(*) FROM ${parts(b, t)}`);
    if (na !== nb) problems.push(`table ${t}: ${na} rows in ${a}, ${nb} in ${b}`);
    const ab = await one(`SELECT count(*) FROM (SELECT * FROM ${parts(a, t)} EXCEPT ALL SELECT * FROM ${parts(b, t)})`);
    const ba = await one(`SELECT count(*) FROM (SELECT * FROM ${parts(b, t)} EXCEPT ALL SELECT * FROM ${parts(a, t)})`);
    if (ab !== 0 || ba !== 0) problems.push(`table ${t}: ${ab} rows only in ${a}, ${ba} only in ${b}`);
    if (problems.length === 0) console.log(`${t}: ${na} rows, the same in both`);
  }
} catch (e) {
  console.error(`samerows: ${e.message}`);
  process.exit(2);
}
const summary = (dir) => JSON.parse(readFileSync(join(dir, 'summary.json'), 'utf8'));
const sa = summary(a), sb = summary(b);
for (const k of ['games', 'plies', 'positions', 'findings', 'findings_by_kind']) {
  if (JSON.stringify(sa[k]) !== JSON.stringify(sb[k])) {
    problems.push(`summary.json ${k}: ${JSON.stringify(sa[k])} and ${JSON.stringify(sb[k])}`);
  }
}
for (const p of problems) console.log(p);
process.exit(problems.length ? 1 : 0);
