import pg from 'pg';
import { benchFirstChunk, printFirstChunk } from '../first-chunk-bench';
const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
await admin.connect();
await admin.query('drop database if exists skilly_http_try with (force)');
await admin.query('create database skilly_http_try');
try {
  printFirstChunk(await benchFirstChunk('postgres://postgres@127.0.0.1:5432/skilly_http_try', Number(process.env.N ?? 20)));
} finally { await admin.query('drop database if exists skilly_http_try with (force)'); await admin.end(); }
