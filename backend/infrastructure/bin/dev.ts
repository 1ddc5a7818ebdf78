import { spawn } from 'node:child_process';
import path from 'node:path';
import { configOrExit, startServer, stopOnSignals } from './server';

/** API on PORT (default 3000) and the Vite dev server with hot reload on 5173, proxying /api. */
const root = path.resolve(import.meta.dirname, '../../..');
const server = await startServer(configOrExit());
const vite = spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), '--config', 'frontend/vite.config.ts'], {
  cwd: root,
  stdio: 'inherit',
});
stopOnSignals(async () => {
  vite.kill('SIGTERM');
  await server.stop();
});
