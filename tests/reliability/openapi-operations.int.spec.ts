import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerOpenApi, SESSION_SCHEME } from '../../backend/infrastructure/http/plugins/openapi';
import { startTestApp, type TestApp } from '../support/test-app';
import { type OpenApiDocument, operationsOf } from './openapi-document';
import { reportPart } from './scale';

/**
 * Every operation of the OpenAPI document is named once (`operationId`, camelCase) and says
 * whether it needs the session cookie (`security`), and the document passes Redocly's
 * recommended rules with no error. The role matrix (role-matrix.ts) is keyed by these names.
 */
const require = createRequire(import.meta.url);
const redoclyCli = path.join(path.dirname(require.resolve('@redocly/cli/package.json')), 'bin/cli.js');

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer?: string }[];
}

/** Redocly's recommended rules; an unnamed operation or one without security is an error too (there, warnings). */
const REDOCLY_CONFIG = `extends:
  - recommended
rules:
  operation-operationId: error
  security-defined: error
`;

/** The problems `redocly lint` finds in the document. */
async function lint(doc: object): Promise<LintProblem[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'skilly-openapi-'));
  try {
    writeFileSync(path.join(dir, 'redocly.yaml'), REDOCLY_CONFIG);
    writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(doc));
    const run = promisify(execFile)(process.execPath, [redoclyCli, 'lint', 'openapi.json', '--format=json'], {
      cwd: dir,
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      maxBuffer: 16 * 1024 * 1024,
    });
    // It exits non-zero when it finds an error; its report is on stdout either way.
    const { stdout } = await run.catch((failure: { stdout?: string; stderr?: string }) => {
      if (!failure.stdout) throw new Error(`redocly lint did not report: ${failure.stderr ?? String(failure)}`);
      return { stdout: failure.stdout };
    });
    return (JSON.parse(stdout) as { problems: LintProblem[] }).problems;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

let t: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await startTestApp();
  doc = t.app.swagger() as unknown as OpenApiDocument;
});
afterAll(async () => t?.close());

describe('the operations of the OpenAPI document', () => {
  it('each has a unique camelCase operationId and declares its security (the session cookie or none)', () => {
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(20);
    expect(doc.components?.securitySchemes?.[SESSION_SCHEME]).toEqual({ type: 'apiKey', in: 'cookie', name: 'skilly_session' });
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size, 'operationIds are unique').toBe(ids.length);
    for (const { method, route, operation } of operations) {
      expect(operation.operationId, `${method} ${route}`).toMatch(/^[a-z][A-Za-z]+$/);
      expect(Array.isArray(operation.security), `${method} ${route} declares security`).toBe(true);
    }
    const security = (id: string) => operations.find(({ operation }) => operation.operationId === id)!.operation.security;
    // Member and admin folders need the cookie; public ones none; a trial takes it if there is one.
    expect(security('listIdeaSets')).toEqual([{ [SESSION_SCHEME]: [] }]);
    expect(security('saveHomepageContent')).toEqual([{ [SESSION_SCHEME]: [] }]);
    expect(security('getHealth')).toEqual([]);
    expect(security('signIn')).toEqual([]);
    expect(security('getMe')).toEqual([{ [SESSION_SCHEME]: [] }]);
    expect(security('generateIdeas')).toEqual([{}, { [SESSION_SCHEME]: [] }]);
  });

  it("passes Redocly's recommended rules with no error", async () => {
    const problems = await lint(doc);
    const errors = problems.filter((problem) => problem.severity === 'error');
    const warnings = [...new Set(problems.filter((problem) => problem.severity === 'warn').map((problem) => problem.ruleId))];
    reportPart('openapi lint', operationsOf(doc).length, errors.length, `${problems.length - errors.length} warnings: ${warnings.join(', ')}`);
    expect(errors.map((e) => `${e.ruleId}: ${e.message} at ${e.location.map((l) => l.pointer).join(', ')}`)).toEqual([]);
  }, 120_000);

  it('the lint finds an error when an operation has no operationId (so the check above can fail)', async () => {
    const [first] = operationsOf(doc);
    const unnamed = structuredClone(doc);
    delete unnamed.paths[first.route][first.method.toLowerCase()].operationId;
    const problems = await lint(unnamed);
    expect(problems.some((p) => p.severity === 'error' && p.ruleId === 'operation-operationId')).toBe(true);
  }, 120_000);

  it('an API route added without an operationId stops the app at start-up', { timeout: 120_000 }, async () => {
    const app = Fastify();
    await registerOpenApi(app, { production: false });
    app.get('/api/named', { schema: { operationId: 'getNamed' } }, async () => ({}));
    app.get('/api/hidden-form', { schema: { hide: true } }, async () => ({}));
    expect(() => app.get('/api/unnamed', { schema: { summary: 'No name' } }, async () => ({}))).toThrow(
      'GET /api/unnamed has no schema.operationId',
    );
    expect(() => app.post('/api/no-schema', async () => ({}))).toThrow('POST /api/no-schema has no schema.operationId');
    await app.close();
  });
});
