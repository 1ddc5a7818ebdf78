import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { buildFrontend } from '../../../frontend/build/build-frontend';
import { newDataDir } from '../../support/data-dir';

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

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export type RunningApp = { baseUrl: string; stop: () => Promise<void> };

/**
 * The real server (embedded database in a fresh temp folder that holds the migrated schema,
 * bootstrap admin) as a child process, ready once GET /api/health answers 200.
 */
export async function startApp(): Promise<RunningApp> {
  ensureFrontendBuilt();
  const port = await freePort();
  const dataDir = newDataDir('skilly-e2e-');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    // Every browser signs up from 127.0.0.1.
    SIGNUPS_PER_ADDRESS_PER_HOUR: '0',
  };
  // Always the embedded, offline setup, whatever the developer's shell has configured.
  for (const key of ['DATABASE_URL', 'EVENTSTORE_CONNECTION_STRING', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID']) {
    delete env[key];
  }

  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'backend/infrastructure/bin/start.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => ((exited = true), resolve())));

  const stop = async () => {
    if (!exited) {
      child.kill('SIGTERM');
      const timeout = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(timeout);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 170_000;
  while (Date.now() < deadline) {
    if (exited) {
      await stop();
      throw new Error(`The server exited before it was ready:\n${output}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.status === 200) return { baseUrl, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The server did not answer /api/health within 170 s:\n${output}`);
}
