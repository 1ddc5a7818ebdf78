import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * `npm run lint` enforces the import boundaries (eslint.config.js): these snippets, linted as if they
 * stood at the given paths with the project's own config, must be refused, and a legal one must not.
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

const refused = [
  {
    what: 'a frontend feature importing another feature',
    filePath: 'frontend/src/features/auth/components/boundary-fixture.ts',
    code: "import { ideaSetsQueryKey } from '../../ideas/api/get-idea-sets';\nexport const key = ideaSetsQueryKey;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    what: 'shared code (lib/) importing a feature',
    filePath: 'frontend/src/lib/boundary-fixture.ts',
    code: "import { creditsQueryKey } from '../features/credits/api/get-credits';\nexport const key = creditsQueryKey;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    what: 'a domain file importing infrastructure',
    filePath: 'backend/domain/identity/boundary-fixture.ts',
    code: "import { buildApp } from '../../infrastructure/http/app';\nexport const app = buildApp;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    what: 'a domain file importing the application through the @contracts alias',
    filePath: 'backend/domain/identity/boundary-fixture.ts',
    code: "import type { User } from '@contracts/auth';\nexport type U = User;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    what: 'a domain file importing a framework package',
    filePath: 'backend/domain/identity/boundary-fixture.ts',
    code: "import { sql } from 'kysely';\nexport const q = sql;\n",
    rule: 'no-restricted-imports',
  },
  {
    what: 'an application file importing infrastructure',
    filePath: 'backend/application/identity/boundary-fixture.ts',
    code: "import { buildApp } from '../../infrastructure/http/app';\nexport const app = buildApp;\n",
    rule: 'import-x/no-restricted-paths',
  },
];

describe('lint import boundaries', () => {
  it.each(refused)('refuses $what', async ({ filePath, code, rule }) => {
    expect(await ruleIds(filePath, code)).toContain(rule);
  });

  it('accepts legal imports: a feature using its own api and shared lib, a page composing features', async () => {
    expect(
      await ruleIds(
        'frontend/src/features/ideas/components/boundary-fixture.ts',
        "import { ideaSetsQueryKey } from '../api/get-idea-sets';\nimport { apiRequest } from '../../../lib/api-client';\nexport const both = [ideaSetsQueryKey, apiRequest];\n",
      ),
    ).toEqual([]);
    expect(
      await ruleIds(
        'frontend/src/pages/boundary-fixture.ts',
        "import { creditsQueryKey } from '../features/credits/api/get-credits';\nimport { ideaSetsQueryKey } from '../features/ideas/api/get-idea-sets';\nexport const keys = [creditsQueryKey, ideaSetsQueryKey];\n",
      ),
    ).toEqual([]);
  });
});
