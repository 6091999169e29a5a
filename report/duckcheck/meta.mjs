import { DuckDBInstance } from '@duckdb/node-api';
const inst = await DuckDBInstance.create(':memory:');
const c = await inst.connect();
const r = await c.runAndReadAll(process.argv[2]);
console.table(r.getRowObjects().map(o=>Object.fromEntries(Object.entries(o).map(([k,v])=>[k, typeof v==='bigint'?Number(v):v]))));
