import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { configOrExit, startServer, stopOnSignals } from './server';

const root = path.resolve(import.meta.dirname, '../../..');
const config = configOrExit();

// Builds the frontend the first time (or after `rm -rf frontend/dist frontend/dist-server`):
// the browser's app, then the server's prerendering entry.
const built = ['frontend/dist/index.html', 'frontend/dist-server/entry-server.js'].every((file) => existsSync(path.join(root, file)));
if (!built && existsSync(path.join(root, 'frontend/vite.config.ts'))) {
  console.log('Building the frontend (first start only)...');
  const vite = (...args: string[]) =>
    execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'frontend/vite.config.ts', ...args], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  vite();
  vite('--ssr', 'src/entry-server.tsx');
}

const server = await startServer(config);
stopOnSignals(server.stop);
