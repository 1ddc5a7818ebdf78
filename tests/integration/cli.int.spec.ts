import { describe, expect, it } from 'vitest';
import { cliProcess } from '../support/cli-process';

const { cli } = cliProcess('cli');

// Each CLI run is a cold process that opens (and on PGlite first creates) the database: slow on a busy machine.
describe('cli', () => {
  it('creates an admin, then rebuilds every projection from zero', async () => {
    const created = await cli('create-admin', '--email', 'ops@example.com', '--password', 'ops-password-1');
    expect(created.stdout).toContain('Created admin ops@example.com');
    const again = await cli('create-admin', '--email', 'ops@example.com', '--password', 'ops-password-2');
    expect(again.stdout).toContain('ops@example.com is now an admin');

    const rebuilt = await cli('projections', 'rebuild', 'all');
    expect(rebuilt.stdout).toMatch(/rebuilt users: \d+ events/);
    expect(rebuilt.stdout).toMatch(/rebuilt session-revocation: \d+ events/);
  }, 240_000);

  it('refuses an unknown projection and a short password with a message', async () => {
    await expect(cli('projections', 'rebuild', 'nope')).rejects.toMatchObject({ stderr: expect.stringContaining('Unknown projection "nope"') });
    await expect(cli('create-admin', '--email', 'x@example.com', '--password', 'short')).rejects.toMatchObject({
      stderr: expect.stringContaining('at least 8 characters'),
    });
  }, 240_000);
});
