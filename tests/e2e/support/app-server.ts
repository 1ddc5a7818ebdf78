import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildFrontend } from '../../../frontend/build/build-frontend';
import { newDataDir } from '../../support/data-dir';
import { startServer } from '../../../backend/infrastructure/bin/server';
import { loadConfig } from '../../../backend/infrastructure/config/config';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' } as const;

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

/** Builds frontend/dist and frontend/dist-server when missing, or older than the frontend sources and shared contracts. */
export function ensureFrontendBuilt(): void {
  const index = path.join(ROOT, 'frontend/dist/index.html');
  const sources = Math.max(
    newestMtime(path.join(ROOT, 'frontend/src')),
    newestMtime(path.join(ROOT, 'backend/application/contracts')),
    statSync(path.join(ROOT, 'frontend/index.html')).mtimeMs,
    statSync(path.join(ROOT, 'frontend/vite.config.ts')).mtimeMs,
    newestMtime(path.join(ROOT, 'frontend/build')),
  );
  const built = [index, path.join(ROOT, 'frontend/dist-server/entry-server.js')].every((file) => existsSync(file) && statSync(file).mtimeMs >= sources);
  if (built) return;
  buildFrontend({ quiet: true });
}

export type RunningApp = { baseUrl: string; stop: () => Promise<void> };

/**
 * The real server, as `npm start` runs it (`startServer`: the embedded database in a fresh temp
 * folder that holds the migrated schema, the read models caught up, the bootstrap admin, the
 * projections and sweepers, the prerendered public pages), listening on a free port of this
 * process. In the test's own process rather than a child: the e2e worker imports the backend
 * once for every file (isolate: false) and each file's server starts in a few seconds, not the
 * 15 to 20 of a new Node process; the process itself (signals, exit codes, a first start on an
 * empty folder) is tested by the CLI, crash-recovery and graceful-shutdown tests.
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningApp> {
  ensureFrontendBuilt();
  const dataDir = newDataDir('skilly-e2e-');
  // Always the embedded, offline setup, whatever the developer's shell has configured: the
  // config is built from these values alone, not from process.env.
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'error',
    // Every browser signs up from 127.0.0.1.
    SIGNUPS_PER_ADDRESS_PER_HOUR: '0',
    // A test's own settings (a port and PUBLIC_URL known in advance, Google sign-in).
    ...env,
  });
  const server = await startServer(config).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    baseUrl: server.url,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
