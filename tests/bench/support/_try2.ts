import { startProductServer } from './load';
const s = await startProductServer('postgres://postgres@127.0.0.1:5432/postgres');
console.log('ready', s.url, await s.probe());
await fetch(`${s.url}/api/health`).then((r) => r.text());
let t = performance.now();
await s.stop();
console.log('stopped in', performance.now() - t, s.dataDir);
