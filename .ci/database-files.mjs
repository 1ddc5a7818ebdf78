// Prints the backend test files whose outcome can depend on which database they run on: the
// ones that open a database through tests/support/database.ts (directly or through another test
// support module) or read TEST_DATABASE_URL. CI runs these a second time on the PostgreSQL
// server; unit specs and tests of protocol adapters, PGlite-only locks and the like ran once.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const DATABASE_SUPPORT = path.join(root, 'tests/support/database.ts');

function specFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || full.startsWith(path.join(root, 'tests/e2e')) ? [] : specFiles(full);
    return entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

/** Test-side modules a file imports (relative imports under tests/ or of other spec files), by path. */
function testImports(file) {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(/from\s+'(\.{1,2}\/[^']+)'/g)]
    .map((match) => path.resolve(path.dirname(file), match[1]))
    .map((target) => (existsSync(target) ? target : `${target}.ts`))
    .filter((target) => target.startsWith(path.join(root, 'tests')) && existsSync(target));
}

const verdicts = new Map();
function dependsOnDatabase(file) {
  if (file === DATABASE_SUPPORT) return true;
  if (verdicts.has(file)) return verdicts.get(file);
  verdicts.set(file, false); // an import cycle answers "not through here"
  const verdict = /TEST_DATABASE_URL/.test(readFileSync(file, 'utf8')) || testImports(file).some(dependsOnDatabase);
  verdicts.set(file, verdict);
  return verdict;
}

const files = [...specFiles(path.join(root, 'backend')), ...specFiles(path.join(root, 'tests'))].filter(dependsOnDatabase);
console.log(files.map((file) => path.relative(root, file)).join('\n'));
