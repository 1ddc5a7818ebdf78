import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The frontend's whole build, the one sequence `npm run build`, a first `npm start` and the
 * browser tests run: the browser's app (frontend/dist/), the server's prerendering entry
 * (frontend/dist-server/), then the island pages' cut-down stylesheet (./public-stylesheet.ts),
 * which needs both. Each step is a process of its own, in production mode (vitest sets
 * NODE_ENV=test, which would make Vite bundle React's development build).
 */
export function buildFrontend({ quiet = false }: { quiet?: boolean } = {}): void {
  const run = (...args: string[]) =>
    execFileSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  const logLevel = quiet ? ['--logLevel', 'warn'] : [];
  run(vite, 'build', '--config', 'frontend/vite.config.ts', ...logLevel);
  run(vite, 'build', '--config', 'frontend/vite.config.ts', ...logLevel, '--ssr', 'src/entry-server.tsx');
  run('--import', 'tsx', path.join(ROOT, 'frontend/build/public-stylesheet.ts'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) buildFrontend();
