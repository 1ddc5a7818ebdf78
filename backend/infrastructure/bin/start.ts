import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { configOrExit, startServer, stopOnSignals } from './server';

const root = path.resolve(import.meta.dirname, '../../..');
const config = configOrExit();

// Builds the frontend the first time (or after `rm -rf frontend/dist`).
if (!existsSync(path.join(root, 'frontend/dist/index.html')) && existsSync(path.join(root, 'frontend/vite.config.ts'))) {
  console.log('Building the frontend (first start only)...');
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'frontend/vite.config.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

const server = await startServer(config);
stopOnSignals(server.stop);
