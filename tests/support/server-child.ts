/**
 * The real web server in its own process, configured from the environment like `npm start`
 * (without building the frontend), so a test can kill it with SIGKILL. Prints
 * `listening <url>` once it accepts requests. Usage: node --import tsx server-child.ts
 */
import { configOrExit, startServer, stopOnSignals } from '../../backend/infrastructure/bin/server';

const server = await startServer(configOrExit());
process.stdout.write(`listening ${server.url}\n`);
stopOnSignals(server.stop);
