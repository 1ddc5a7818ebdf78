import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importSpecifiers } from './imports';

/**
 * The layering rule of docs/architecture.md, checked on the source: domain imports nothing
 * outside itself; nothing under domain, application or projections imports infrastructure.
 * Test files (*.spec.ts) may wire real adapters and are not checked.
 */
const root = path.resolve(import.meta.dirname, '../..');
const backend = path.join(root, 'backend');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.spec\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The layer folder a specifier lands in, or `external` for a package. */
function targetLayer(file: string, specifier: string): string {
  if (specifier.startsWith('@contracts')) return 'application';
  if (!specifier.startsWith('.')) return 'external';
  const target = path.relative(backend, path.resolve(path.dirname(file), specifier));
  if (target.startsWith('..')) return 'outside-backend';
  return target.split(path.sep)[0]!;
}

function violations(layer: string, allowed: (target: string) => boolean) {
  return sourceFiles(path.join(backend, layer)).flatMap((file) =>
    importSpecifiers(readFileSync(file, 'utf8'))
      .filter((specifier) => !allowed(targetLayer(file, specifier)))
      .map((specifier) => `${path.relative(root, file)} imports ${specifier}`),
  );
}

describe('import boundaries', () => {
  it('finds every kind of import specifier (the scanner itself works)', () => {
    const source = [
      "import type { Database } from '../../infrastructure/database/schema';",
      "import {\n  a,\n  b,\n} from '../x';",
      "export { c } from './y';",
      "import './side-effect';",
      "const m = await import('../dynamic');",
    ].join('\n');
    expect(importSpecifiers(source)).toEqual(
      expect.arrayContaining(['../../infrastructure/database/schema', '../x', './y', './side-effect', '../dynamic']),
    );
  });

  it('the domain imports nothing outside itself, no package or node: built-in either', () => {
    expect(violations('domain', (target) => target === 'domain')).toEqual([]);
  });

  it('application never imports infrastructure', () => {
    expect(violations('application', (target) => target !== 'infrastructure' && target !== 'outside-backend')).toEqual([]);
  });

  it('projections never import infrastructure', () => {
    expect(violations('projections', (target) => target !== 'infrastructure' && target !== 'outside-backend')).toEqual([]);
  });

  it('the Database type of the inner layers imports only application modules (read models add their tables from the registry)', () => {
    const file = path.join(backend, 'application/ports/database.ts');
    const outside = importSpecifiers(readFileSync(file, 'utf8')).filter((specifier) => targetLayer(file, specifier) !== 'application');
    expect(outside).toEqual([]);
  });

  it('the read-model list is imported by no inner module: only infrastructure and tests read it', () => {
    const registry = path.join(backend, 'projections/registry.ts');
    const importers = ['domain', 'application', 'projections'].flatMap((layer) =>
      sourceFiles(path.join(backend, layer)).filter((file) =>
        importSpecifiers(readFileSync(file, 'utf8')).some(
          (specifier) => specifier.startsWith('.') && path.resolve(path.dirname(file), specifier).replace(/\.ts$/, '') === registry.replace(/\.ts$/, ''),
        ),
      ),
    );
    expect(importers.map((file) => path.relative(root, file))).toEqual([]);
  });

  it('application and projections query with Kysely<Database>, never Kysely<any>', () => {
    const loose = ['application', 'projections'].flatMap((layer) =>
      sourceFiles(path.join(backend, layer))
        .filter((file) => /Kysely<any>/.test(readFileSync(file, 'utf8')))
        .map((file) => path.relative(root, file)),
    );
    expect(loose).toEqual([]);
  });
});
