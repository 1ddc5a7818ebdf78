import { loadConfig } from '../../backend/infrastructure/config/config';
import { compose } from '../../backend/infrastructure/composition-root';

// A process that opens the embedded database in DATA_DIR (as the server does) and keeps it
// open until it is killed; prints "ready" once it holds it.
const services = await compose(loadConfig());
await services.runner.catchUpAll();
console.log('ready');
process.once('SIGTERM', () => {
  services.close().then(() => process.exit(0));
});
setInterval(() => {}, 60_000);
