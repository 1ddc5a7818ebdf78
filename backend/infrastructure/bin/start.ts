import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { configOrExit, startServer, stopOnSignals } from './server';

const root = path.resolve(import.meta.dirname, '../../..');
const config = configOrExit();

// Builds the frontend the first time (or after `rm -rf frontend/dist frontend/dist-server`), as
// `npm run build` does. An image has it built, and no build tools: they load only when needed.
const built = ['frontend/dist/index.html', 'frontend/dist-server/entry-server.js'].every((file) => existsSync(path.join(root, file)));
const buildScript = path.join(root, 'frontend/build/build-frontend.ts');
if (!built && existsSync(buildScript)) {
  console.log('Building the frontend (first start only)...');
  const { buildFrontend } = (await import(pathToFileURL(buildScript).href)) as typeof import('../../../frontend/build/build-frontend');
  buildFrontend();
}

const server = await startServer(config);
stopOnSignals(server.stop);
