import { parseArgs } from 'node:util';
import { compose } from '../composition-root';
import { configOrExit } from './server';

const usage = `Usage:
  npm run cli -- projections rebuild <name|all>
  npm run cli -- projections status
  npm run cli -- create-admin --email <email> --password <password>`;

const [group, action, ...rest] = process.argv.slice(2);

async function main(): Promise<number> {
  if (group === 'projections' && (action === 'rebuild' || action === 'status')) {
    const services = await compose(configOrExit());
    try {
      const { runner } = services;
      if (action === 'status') {
        for (const p of runner.projections) console.log(p.name);
        return 0;
      }
      const target = rest[0];
      if (!target) {
        console.error(usage);
        return 2;
      }
      const projections = target === 'all' ? runner.projections : [runner.projection(target)];
      for (const projection of projections) {
        const started = Date.now();
        const events = await runner.rebuild(projection);
        console.log(`rebuilt ${projection.name}: ${events} events in ${Date.now() - started} ms`);
      }
      return 0;
    } finally {
      await services.close();
    }
  }
  if (group === 'create-admin') {
    const { values } = parseArgs({
      args: process.argv.slice(3),
      options: { email: { type: 'string' }, password: { type: 'string' } },
    });
    if (!values.email || !values.password) {
      console.error(usage);
      return 2;
    }
    if (values.password.length < 8) {
      console.error('The password must be at least 8 characters long.');
      return 2;
    }
    const services = await compose(configOrExit());
    try {
      await services.runner.catchUpAll();
      const { created } = await services.identity.ensureAdmin(values.email, values.password, {
        actor: null,
        requestId: 'cli',
      });
      await services.runner.catchUpAll();
      console.log(created ? `Created admin ${values.email}` : `${values.email} is now an admin with the given password`);
      return 0;
    } finally {
      await services.close();
    }
  }
  console.error(usage);
  return 2;
}

process.exit(await main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  return 1;
}));
