import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run lint` enforces the import boundaries (eslint.config.js): these snippets, linted as if they
 * stood at the given paths with the project's own config, must be refused by the named rules, and the
 * legal ones must pass.
 * The imported modules are real files, so the rule resolves them as it does in the tree.
 */
const root = path.resolve(import.meta.dirname, '../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.map((message) => message.ruleId ?? `fatal: ${message.message}`);
}

/** A snippet that must be refused at `filePath` by each of `rules`. */
interface Refused {
  what: string;
  filePath: string;
  code: string;
  rules: string[];
}

const domainFile = 'backend/domain/support/boundary-fixture.ts';
const projectionFile = 'backend/projections/support/boundary-fixture.ts';
const frontendFile = 'frontend/src/features/support/api/boundary-fixture.ts';

const refused: Refused[] = [
  {
    what: 'a frontend feature importing another feature',
    filePath: 'frontend/src/features/auth/components/boundary-fixture.ts',
    code: "import { ideaSetsQueryKey } from '../../ideas/api/get-idea-sets';\nexport const key = ideaSetsQueryKey;\n",
    rules: ['import-x/no-restricted-paths'],
  },
  {
    what: 'shared code (lib/) importing a feature',
    filePath: 'frontend/src/lib/boundary-fixture.ts',
    code: "import { creditsQueryKey } from '../features/credits/api/get-credits';\nexport const key = creditsQueryKey;\n",
    rules: ['import-x/no-restricted-paths'],
  },
  {
    what: 'a domain file importing infrastructure',
    filePath: 'backend/domain/identity/boundary-fixture.ts',
    code: "import { buildApp } from '../../infrastructure/http/app';\nexport const app = buildApp;\n",
    rules: ['import-x/no-restricted-paths'],
  },
  {
    what: 'a domain file importing the application through the @contracts alias',
    filePath: 'backend/domain/identity/boundary-fixture.ts',
    code: "import type { User } from '@contracts/auth';\nexport type U = User;\n",
    rules: ['import-x/no-restricted-paths'],
  },
  {
    what: 'a domain file importing a framework package',
    filePath: 'backend/domain/identity/boundary-fixture.ts',
    code: "import { sql } from 'kysely';\nexport const q = sql;\n",
    rules: ['no-restricted-imports'],
  },
  {
    what: 'an application file importing infrastructure',
    filePath: 'backend/application/identity/boundary-fixture.ts',
    code: "import { buildApp } from '../../infrastructure/http/app';\nexport const app = buildApp;\n",
    rules: ['import-x/no-restricted-paths'],
  },
  // The domain imports nothing but the domain, and reads no clock or randomness.
  {
    what: 'a domain file importing a node: built-in (node:fs)',
    filePath: domainFile,
    code: "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n",
    rules: ['no-restricted-imports'],
  },
  {
    what: 'a domain file importing a built-in by its bare name (crypto)',
    filePath: domainFile,
    code: "import { randomUUID } from 'crypto';\nexport const id = randomUUID;\n",
    rules: ['no-restricted-imports'],
  },
  {
    what: 'a domain file importing zod',
    filePath: domainFile,
    code: "import { z } from 'zod';\nexport const subject = z.string();\n",
    rules: ['no-restricted-imports', 'import-x/no-restricted-paths'],
  },
  {
    what: 'a domain file importing a built-in dynamically',
    filePath: domainFile,
    code: "export const read = () => import('node:fs');\n",
    rules: ['no-restricted-syntax'],
  },
  {
    what: 'a domain file importing a file outside the backend (the frontend) by a relative path',
    filePath: domainFile,
    code: "import { apiRequest } from '../../../frontend/src/lib/api-client';\nexport const request = apiRequest;\n",
    rules: ['import-x/no-restricted-paths'],
  },
  {
    what: 'a domain file calling Date.now',
    filePath: domainFile,
    code: 'export const stamp = () => Date.now();\n',
    rules: ['no-restricted-properties'],
  },
  {
    what: 'a domain file calling new Date() with no argument (the clock)',
    filePath: domainFile,
    code: 'export const stamp = () => new Date();\n',
    rules: ['no-restricted-syntax'],
  },
  {
    what: 'a domain file calling Math.random',
    filePath: domainFile,
    code: 'export const roll = () => Math.random();\n',
    rules: ['no-restricted-properties'],
  },
  {
    what: 'a domain file calling crypto.randomUUID',
    filePath: domainFile,
    code: 'export const id = () => crypto.randomUUID();\n',
    rules: ['no-restricted-globals'],
  },
  {
    what: 'a domain file reaching crypto through globalThis',
    filePath: domainFile,
    code: 'export const id = () => globalThis.crypto.randomUUID();\n',
    rules: ['no-restricted-properties'],
  },
  // Projections import from the application only its ports and contracts.
  {
    what: 'a projection importing an application service',
    filePath: projectionFile,
    code: "import { createSupportService } from '../../application/support/support-service';\nexport const service = createSupportService;\n",
    rules: ['import-x/no-restricted-paths'],
  },
  {
    what: 'a projection importing only a type from an application service module',
    filePath: projectionFile,
    code: "import type { SupportService } from '../../application/support/support-service';\nexport type S = SupportService;\n",
    rules: ['import-x/no-restricted-paths'],
  },
  {
    what: 'a projection importing a helper of an application module (the sessions service)',
    filePath: projectionFile,
    code: "import { digestToken } from '../../application/identity/sessions';\nexport const digest = digestToken;\n",
    rules: ['import-x/no-restricted-paths'],
  },
  // The frontend reaches the backend only through @contracts.
  {
    what: 'a frontend file importing a backend file by a relative path',
    filePath: frontendFile,
    code: "import { ticketLimits } from '../../../../../backend/domain/support/support-limits';\nexport const limits = ticketLimits;\n",
    rules: ['no-restricted-imports', 'import-x/no-restricted-paths'],
  },
  {
    what: 'a frontend file importing a contract by a relative path',
    filePath: frontendFile,
    code: "import { supportLimits } from '../../../../../backend/application/contracts/support';\nexport const limits = supportLimits;\n",
    rules: ['no-restricted-imports'],
  },
  {
    what: 'a frontend file leaving the contracts through the @contracts alias',
    filePath: frontendFile,
    code: "import type { Database } from '@contracts/../ports/database';\nexport type D = Database;\n",
    rules: ['import-x/no-restricted-paths'],
  },
  // Admin sub-features never import each other.
  {
    what: 'an admin sub-feature importing another admin sub-feature',
    filePath: 'frontend/src/features/admin/stats/api/boundary-fixture.ts',
    code: "import { adminUserPath } from '../../members/api/get-users';\nexport const userPath = adminUserPath;\n",
    rules: ['import-x/no-restricted-paths'],
  },
  {
    what: 'an admin sub-feature importing the admin tabs (which compose every sub-feature)',
    filePath: 'frontend/src/features/admin/members/components/boundary-fixture.ts',
    code: "import { adminTabLabels } from '../../admin-tabs';\nexport const labels = adminTabLabels;\n",
    rules: ['import-x/no-restricted-paths'],
  },
];

/** Snippets that must pass at `filePath`: what the boundaries leave allowed. */
const accepted = [
  {
    what: 'a feature using its own api and shared lib',
    filePath: 'frontend/src/features/ideas/components/boundary-fixture.ts',
    code: "import { ideaSetsQueryKey } from '../api/get-idea-sets';\nimport { apiRequest } from '../../../lib/api-client';\nexport const both = [ideaSetsQueryKey, apiRequest];\n",
  },
  {
    what: 'a page composing features',
    filePath: 'frontend/src/pages/boundary-fixture.ts',
    code: "import { creditsQueryKey } from '../features/credits/api/get-credits';\nimport { ideaSetsQueryKey } from '../features/ideas/api/get-idea-sets';\nexport const keys = [creditsQueryKey, ideaSetsQueryKey];\n",
  },
  {
    what: 'a frontend file importing a contract through @contracts',
    filePath: frontendFile,
    code: "import { supportLimits, type TicketStatus } from '@contracts/support';\nexport const limits = supportLimits;\nexport type S = TicketStatus;\n",
  },
  {
    what: 'an admin sub-feature using its own folder and the admin’s shared lib/ and components/',
    filePath: 'frontend/src/features/admin/stats/api/boundary-fixture.ts',
    code:
      "import { adminStatsRootKey } from './get-stats';\nimport { failure } from '../../lib/failure';\nimport { adminUsersRootKey } from '../../lib/query-keys';\n" +
      "import { StatCard } from '../../components/stat-card';\nexport const all = [adminStatsRootKey, failure, adminUsersRootKey, StatCard];\n",
  },
  {
    what: 'a projection importing the domain, application ports and contracts',
    filePath: projectionFile,
    code:
      "import { ticketStream } from '../../domain/support/ticket';\nimport type { RecordedEvent } from '../../application/ports/event-store';\n" +
      "import { announceSessionsChanged } from '../../application/ports/sessions-changed';\nimport type { TicketMessageDto } from '../../application/contracts/support';\n" +
      'export const all = [ticketStream, announceSessionsChanged];\nexport type Both = [RecordedEvent, TicketMessageDto];\n',
  },
  {
    what: 'a domain file importing the domain and building dates from the facts it is given',
    filePath: domainFile,
    code:
      "import { ticketLimits } from './support-limits';\nimport { defineStream } from '../shared/stream';\n" +
      'export const all = [ticketLimits, defineStream];\nexport const at = (iso: string) => new Date(iso);\nexport const day = Date.UTC(2026, 0, 1);\n',
  },
  {
    what: 'a domain spec file importing vitest',
    filePath: 'backend/domain/support/boundary-fixture.spec.ts',
    code: "import { expect, it } from 'vitest';\nimport { ticketLimits } from './support-limits';\nit('reads', () => expect(ticketLimits.subject).toBe(200));\n",
  },
];

describe('lint import boundaries', () => {
  it.each(refused)('refuses $what', async ({ filePath, code, rules }) => {
    expect(await ruleIds(filePath, code)).toEqual(expect.arrayContaining(rules));
  });

  it.each(accepted)('accepts $what', async ({ filePath, code }) => {
    expect(await ruleIds(filePath, code)).toEqual([]);
  });
});
