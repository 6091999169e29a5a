// check.mjs: verify an Arbiter output folder with a real DuckDB.
//
// Usage: node check.mjs [--deep] DIR [DIR ...]
//
// For every table listed in expected.json (generated from the Go schemas by
// `go test ./report -run Duckcheck -update`) that the run wrote (a table
// may be left out, and is then absent from both the folder and
// summary.json) it:
//   - lists DIR/<table>/: part files must be exactly those named in
//     summary.json, and no temporary file may be left behind;
//   - reads read_parquet('DIR/<table>/*.parquet') and compares the DESCRIBE
//     output with the expected column names and types;
//   - compares count(*) with summary.json (games, plies = moves rows,
//     findings, positions and tables.<t>.rows), and the findings per kind
//     and per severity;
//   - checks with parquet_metadata() that every column chunk is ZSTD.
// With --deep it also decodes every value of every row (casting each row to
// VARCHAR), and checks that every moves/findings/pairings game_id exists in
// games (findings and pairings have NULL game_ids: TRF findings about no
// game, pairings without a game), that sum(games.plies_replayed) equals
// the moves row count, and that the audited games per notation_language
// are summary.json's notation_languages. The players and pairings tables exist only for runs
// with a TRF input; their row counts are checked against tables.<t>.rows.
//
// Exit status: 0 when every check passes, 1 on a mismatch (each one is
// printed), 2 on a usage error or when DuckDB cannot read the files.

import { DuckDBInstance } from '@duckdb/node-api';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const expected = JSON.parse(readFileSync(join(here, 'expected.json'), 'utf8'));

const args = process.argv.slice(2);
const deep = args.includes('--deep');
const dirs = args.filter((a) => a !== '--deep');
if (dirs.length === 0 || dirs.some((d) => d.startsWith('-'))) {
  console.error('usage: node check.mjs [--deep] DIR [DIR ...]');
  process.exit(2);
}

const sqlString = (s) => `'${s.replaceAll("'", "''")}'`;

// The summary field that holds each table's row count.
const summaryCount = { games: 'games', moves: 'plies', findings: 'findings', positions: 'positions' };

async function checkDir(conn, dir) {
  const problems = [];
  const fail = (msg) => problems.push(msg);
  const query = async (sql) => (await conn.runAndReadAll(sql)).getRowObjectsJS();

  const summaryPath = join(dir, 'summary.json');
  if (!existsSync(summaryPath)) {
    return [`${summaryPath} is missing: the run did not finish`];
  }
  const summary = JSON.parse(readFileSync(summaryPath, 'utf8'));
  if (summary.schema_version !== expected.schema_version) {
    fail(`summary.json schema_version ${summary.schema_version}, this check expects ${expected.schema_version}`);
  }

  for (const [table, spec] of Object.entries(expected.tables)) {
    const tdir = join(dir, table);
    const where = `${table}:`;
    const st = summary.tables?.[table];
    if (!existsSync(tdir)) {
      // A run may leave out a table (e.g. positions when no FEN/EPD input
      // was given); then the summary does not list it either.
      if (st) fail(`${where} summary lists the table but folder ${tdir} is missing`);
      continue;
    }
    if (!st) fail(`${where} folder ${tdir} exists but summary.json has no tables.${table}`);
    const names = readdirSync(tdir).sort();
    const parts = names.filter((n) => /^part-\d{5,}(-\d{3,})*\.parquet$/.test(n));
    const others = names.filter((n) => !parts.includes(n));
    if (others.length > 0) fail(`${where} unexpected files left in ${tdir}: ${others.join(', ')}`);
    if (parts.length === 0) {
      fail(`${where} no part files in ${tdir}`);
      continue;
    }
    if (st) {
      const listed = (st.parts ?? []).map((p) => p.split('/').pop()).sort();
      if (listed.join(',') !== parts.join(',')) {
        fail(`${where} summary lists parts [${listed.join(', ')}], folder holds [${parts.join(', ')}]`);
      }
    }

    const glob = sqlString(join(tdir, '*.parquet'));
    const src = `read_parquet(${glob})`;

    // Column names and types.
    const want = [...spec.columns];
    if (spec.optional && table === 'moves' && summary.with_fen) want.push(...spec.optional);
    const got = (await query(`DESCRIBE SELECT * FROM ${src}`)).map((r) => `${r.column_name} ${r.column_type}`);
    if (got.join('\n') !== want.join('\n')) {
      const n = Math.max(got.length, want.length);
      for (let i = 0; i < n; i++) {
        if (got[i] !== want[i]) {
          fail(`${where} column ${i + 1}: DuckDB reads ${got[i] ?? '(none)'}, expected ${want[i] ?? '(none)'}`);
        }
      }
    }

    // Row counts.
    const [{ n }] = await query(`SELECT count(*)::DOUBLE AS n FROM ${src}`);
    if (st && Number(st.rows) !== n) fail(`${where} ${n} rows, summary tables.${table}.rows = ${st.rows}`);
    const key = summaryCount[table];
    if (key in summary && Number(summary[key]) !== n) fail(`${where} ${n} rows, summary ${key} = ${summary[key]}`);

    // Compression of every column chunk.
    const codecs = await query(`SELECT DISTINCT compression FROM parquet_metadata(${glob})`);
    const bad = codecs.map((r) => r.compression).filter((c) => c !== 'ZSTD');
    if (bad.length > 0) fail(`${where} column chunks compressed with ${bad.join(', ')}, expected ZSTD only`);

    if (deep) {
      const [{ v }] = await query(`SELECT count(*)::DOUBLE AS v FROM ${src} t WHERE length(t::VARCHAR) > 0`);
      if (v !== n) fail(`${where} decoding every row gave ${v} rows, expected ${n}`);
    }
  }

  // Findings per kind and per severity.
  const fglob = sqlString(join(dir, 'findings', '*.parquet'));
  for (const [col, field] of [['kind', 'findings_by_kind'], ['severity', 'findings_by_severity']]) {
    if (!existsSync(join(dir, 'findings')) || !summary[field]) continue;
    const rows = await query(`SELECT ${col} AS k, count(*)::DOUBLE AS n FROM read_parquet(${fglob}) GROUP BY ALL ORDER BY k`);
    const got = Object.fromEntries(rows.map((r) => [r.k, r.n]));
    const want = Object.fromEntries(Object.entries(summary[field]).map(([k, v]) => [k, Number(v)]).filter(([, v]) => v !== 0));
    const keys = [...new Set([...Object.keys(got), ...Object.keys(want)])].sort();
    for (const k of keys) {
      if (got[k] !== want[k]) fail(`findings: ${col} ${k}: ${got[k] ?? 0} rows, summary ${field} says ${want[k] ?? 0}`);
    }
  }

  if (deep && existsSync(join(dir, 'games'))) {
    const games = `read_parquet(${sqlString(join(dir, 'games', '*.parquet'))})`;
    for (const table of ['moves', 'findings', 'pairings']) {
      if (!existsSync(join(dir, table))) continue;
      const src = `read_parquet(${sqlString(join(dir, table, '*.parquet'))})`;
      const [{ n }] = await query(`SELECT count(*)::DOUBLE AS n FROM ${src} WHERE game_id IS NOT NULL AND game_id NOT IN (SELECT game_id FROM ${games})`);
      if (n !== 0) fail(`${table}: ${n} rows have a game_id that is not in games`);
    }
    if (summary.notation_languages) {
      const rows = await query(`SELECT notation_language AS k, count(*)::DOUBLE AS n FROM ${games} WHERE audited AND notation_language IS NOT NULL AND notation_language <> '' GROUP BY ALL ORDER BY k`);
      const got = Object.fromEntries(rows.map((r) => [r.k, r.n]));
      const want = Object.fromEntries(Object.entries(summary.notation_languages).map(([k, v]) => [k, Number(v)]));
      for (const k of [...new Set([...Object.keys(got), ...Object.keys(want)])].sort()) {
        if (got[k] !== want[k]) fail(`games: ${got[k] ?? 0} audited games read in ${k}, summary notation_languages says ${want[k] ?? 0}`);
      }
    }
    const [{ p }] = await query(`SELECT coalesce(sum(plies_replayed), 0)::DOUBLE AS p FROM ${games}`);
    if (existsSync(join(dir, 'moves')) && p !== Number(summary.plies)) fail(`games: sum(plies_replayed) = ${p}, moves rows (summary plies) = ${summary.plies}`);
  }
  return problems;
}

const instance = await DuckDBInstance.create(':memory:');
const conn = await instance.connect();
const [{ version }] = (await conn.runAndReadAll('SELECT version() AS version')).getRowObjectsJS();
let failed = false;
for (const dir of dirs) {
  let problems;
  try {
    problems = await checkDir(conn, dir);
  } catch (err) {
    console.error(`duckcheck: ${dir}: DuckDB ${version} could not read the output: ${err.message}`);
    process.exit(2);
  }
  if (problems.length > 0) {
    failed = true;
    console.error(`duckcheck: ${dir}: ${problems.length} problem(s) (DuckDB ${version}):`);
    for (const p of problems) console.error(`  - ${p}`);
  } else {
    console.log(`duckcheck: ${dir}: OK (DuckDB ${version}${deep ? ', deep' : ''})`);
  }
}
process.exit(failed ? 1 : 0);
