// sheetcheck.mjs: open an Arbiter report.html in a real browser (Debian's
// headless chromium, driven by playwright-core) and check its DOM against
// the run's tables read with DuckDB.
//
// Usage: node sheetcheck.mjs [--screens DIR] [--name LABEL] OUTDIR [OUTDIR ...]
//
// For each OUTDIR (an `arbiter audit -o OUTDIR` run with its default
// report.html) it checks:
//   - the page made no network request: every request the browser saw is
//     the page's own file:// URL, and no script error occurred;
//   - the correction sheet's blocks are, in input order, the games of the
//     findings table with an error or a warning (check_id NULL: the TRF's
//     own findings are in the tournament part) that are among the first
//     N games of one of their kinds (N = the page's data-max, 200 by
//     default), and with N at least every kind's count that is all of
//     those games;
//   - every block has one SVG board of 64 squares;
//   - every crosstable's points (and points by the Laws) are the players
//     table's for its TRF, row by row (start rank);
// and, with --screens, writes PNG screenshots of the top of the page, the
// overview, the plots, the first block of the correction sheet (an error
// if there is one) and the first crosstable, and the page printed to an
// A4 PDF.
//
// Exit status: 0 when every check passes, 1 on a mismatch (each one is
// printed), 2 on a usage error or when the browser or DuckDB fails.

import { DuckDBInstance } from '@duckdb/node-api';
import { chromium } from 'playwright-core';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve, basename } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
let screens = '';
let name = '';
const dirs = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--screens') screens = args[++i];
  else if (args[i] === '--name') name = args[++i];
  else if (args[i].startsWith('-')) { console.error(`unknown flag ${args[i]}`); process.exit(2); }
  else dirs.push(args[i]);
}
if (dirs.length === 0) {
  console.error('usage: node sheetcheck.mjs [--screens DIR] [--name LABEL] OUTDIR [OUTDIR ...]');
  process.exit(2);
}
const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
const sqlString = (s) => `'${s.replaceAll("'", "''")}'`;
const num = (s) => Number(String(s).trim().replace('½', '.5').replace(',', '.'));

async function checkDir(browser, conn, dir, label) {
  const problems = [];
  const fail = (msg) => problems.push(msg);
  const query = async (sql) => (await conn.runAndReadAll(sql)).getRowObjectsJS();
  const page = join(resolve(dir), 'report.html');
  if (!existsSync(page)) return [`${page} is missing`];
  const url = pathToFileURL(page).href;

  const context = await browser.newContext({ viewport: { width: 1100, height: 900 } });
  const tab = await context.newPage();
  const requests = [];
  tab.on('request', (r) => requests.push(r.url()));
  tab.on('pageerror', (e) => fail(`script error: ${e.message}`));
  tab.on('dialog', (d) => { fail(`the page opened a dialog: ${d.message()}`); d.dismiss(); });
  await tab.goto(url, { waitUntil: 'load' });
  for (const r of requests) {
    if (r !== url) fail(`network request: ${r}`);
  }

  // The correction sheet against the findings table.
  const dom = await tab.evaluate(() => {
    const main = document.querySelector('main');
    const blocks = [...document.querySelectorAll('article.block')].map((b) => ({
      game: Number(b.dataset.game),
      boards: b.querySelectorAll('svg.board').length,
      squares: [...b.querySelectorAll('svg.board')].map((s) => s.querySelectorAll('rect.sq').length),
    }));
    const crosstables = [...document.querySelectorAll('table.crosstable')].map((t) => ({
      file: t.dataset.file,
      event: t.dataset.event,
      rows: [...t.querySelectorAll('tbody tr')].map((tr) => ({
        startRank: Number(tr.dataset.startRank),
        points: tr.querySelector('td.pts')?.textContent ?? '',
        pointsLaws: tr.querySelector('td.pts-laws')?.textContent ?? null,
      })),
    }));
    return { level: main.dataset.level, max: Number(main.dataset.max), blocks, crosstables, scripts: document.scripts.length };
  });
  if (dom.scripts !== 1) fail(`${dom.scripts} script elements, want the page's own`);
  const sev = dom.level === 'error' ? "'error'" : dom.level === 'info' ? "'error', 'warning', 'info'" : "'error', 'warning'";
  const findings = sqlString(join(dir, 'findings', '*.parquet'));
  const [{ games }] = await query(`SELECT count(DISTINCT game_id)::INTEGER AS games FROM read_parquet(${findings})
    WHERE check_id IS NULL AND severity IN (${sev})`);
  const want = (await query(`WITH gk AS (SELECT DISTINCT game_id, kind FROM read_parquet(${findings})
      WHERE check_id IS NULL AND severity IN (${sev})),
    r AS (SELECT game_id, row_number() OVER (PARTITION BY kind ORDER BY game_id) AS rk FROM gk)
    SELECT DISTINCT game_id::BIGINT AS game_id FROM r WHERE rk <= ${dom.max} ORDER BY game_id`)).map((r) => Number(r.game_id));
  const got = dom.blocks.map((b) => b.game);
  console.log(`${label}: ${got.length} blocks; findings table: ${games} games with ${dom.level === 'warning' ? 'an error or a warning' : `findings down to ${dom.level}`}, ${want.length} of them among the first ${dom.max} of one of their kinds`);
  if (got.length !== want.length || got.some((g, i) => g !== want[i])) {
    const missing = want.filter((g) => !got.includes(g)).slice(0, 10);
    const extra = got.filter((g) => !want.includes(g)).slice(0, 10);
    fail(`blocks ${got.length}, want ${want.length} (missing games ${missing}, extra games ${extra})`);
  }
  const [{ most }] = await query(`SELECT coalesce(max(n), 0)::INTEGER AS most FROM (SELECT kind, count(DISTINCT game_id) AS n
    FROM read_parquet(${findings}) WHERE check_id IS NULL AND severity IN (${sev}) GROUP BY kind)`);
  if (most <= dom.max && got.length !== games) fail(`blocks ${got.length}, games with listed findings ${games}`);
  dom.blocks.forEach((b) => {
    if (b.boards !== 1) fail(`block of game ${b.game}: ${b.boards} boards`);
    b.squares.forEach((n) => { if (n !== 64) fail(`block of game ${b.game}: a board of ${n} squares`); });
  });

  // Crosstables against the players table.
  const players = join(dir, 'players', '*.parquet');
  if (dom.crosstables.length > 0 && !existsSync(join(dir, 'players'))) fail('crosstables on the page but no players table');
  for (const ct of dom.crosstables) {
    // The players of the event (by name; two events of one name are told
    // apart by their file).
    const sel = `SELECT start_rank::INTEGER AS start_rank, points::DOUBLE AS points, points_by_rules::DOUBLE AS points_by_rules
      FROM read_parquet(${sqlString(players)}) WHERE event IS NOT DISTINCT FROM ${ct.event ? sqlString(ct.event) : 'NULL'}`;
    let rows = await query(sel);
    if (rows.length > ct.rows.length) rows = await query(`${sel} AND source_file = ${sqlString(ct.file)}`);
    const byRank = new Map(rows.map((r) => [r.start_rank, r]));
    if (rows.length !== ct.rows.length) fail(`${ct.file}: crosstable of ${ct.rows.length} players, players table ${rows.length}`);
    for (const r of ct.rows) {
      const p = byRank.get(r.startRank);
      if (!p) { fail(`${ct.file}: start rank ${r.startRank} not in the players table`); continue; }
      if (num(r.points) !== p.points) fail(`${ct.file}: player ${r.startRank}: crosstable points ${r.points}, players table ${p.points}`);
      if (r.pointsLaws !== null && r.pointsLaws !== '' && num(r.pointsLaws) !== p.points_by_rules) {
        fail(`${ct.file}: player ${r.startRank}: points by the Laws ${r.pointsLaws}, players table ${p.points_by_rules}`);
      }
    }
    console.log(`${label}: crosstable ${ct.file}: ${ct.rows.length} players, points as in the players table`);
  }

  if (screens) {
    mkdirSync(screens, { recursive: true });
    const shot = async (sel, file, opts = {}) => {
      const loc = tab.locator(sel).first();
      if (await loc.count() === 0) return;
      await loc.screenshot({ path: join(screens, `${label}-${file}.png`), ...opts });
      console.log(`${label}: screenshot ${join(screens, `${label}-${file}.png`)}`);
    };
    await tab.screenshot({ path: join(screens, `${label}-top.png`) });
    await shot('#overview', 'overview');
    await shot('#plots', 'plots');
    await shot((await tab.locator('article.block.sev-error').count()) > 0 ? 'article.block.sev-error' : 'article.block', 'block');
    await shot('table.crosstable', 'crosstable');
    await shot('#events', 'events');
    await tab.emulateMedia({ media: 'print' });
    await tab.pdf({ path: join(screens, `${label}.pdf`), format: 'A4', printBackground: true });
    console.log(`${label}: printed ${join(screens, `${label}.pdf`)}`);
  }
  await context.close();
  return problems;
}

let failed = false;
try {
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync'],
  });
  const db = await DuckDBInstance.create(':memory:');
  const conn = await db.connect();
  for (const [i, dir] of dirs.entries()) {
    const label = name ? (dirs.length > 1 ? `${name}${i}` : name) : basename(resolve(dir));
    const problems = await checkDir(browser, conn, dir, label);
    for (const p of problems) console.error(`${dir}: ${p}`);
    if (problems.length > 0) failed = true;
    else console.log(`${dir}: report.html ok`);
  }
  await browser.close();
} catch (e) {
  console.error(`sheetcheck: ${e.stack || e}`);
  process.exit(2);
}
process.exit(failed ? 1 : 0);
