// ESLint flat config: typescript-eslint's recommended rules (syntax only, no type information, so
// `npm run lint` stays fast), React hooks rules for the frontend, and the import boundaries of
// docs/architecture.md and the design (features never import each other; dependencies point inward).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const folders = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const features = folders('frontend/src/features');
// The admin feature's sub-features (one per back-office tab or panel); components/ and lib/ hold what
// several of them share.
const adminShared = ['components', 'lib'];
const adminSubFeatures = folders('frontend/src/features/admin').filter((name) => !adminShared.includes(name));

const frontendZones = [
  // One zone per feature folder, so a new feature is covered without editing this file.
  ...features.map((feature) => ({
    target: `./frontend/src/features/${feature}`,
    from: './frontend/src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: compose them in pages/ or app/, or lift the shared piece to lib/ or components/.',
  })),
  // One zone per admin sub-feature: it may use its own folder and the admin's shared components/ and
  // lib/, never another sub-feature (nor admin-tabs.ts, which composes them all).
  ...adminSubFeatures.map((sub) => ({
    target: `./frontend/src/features/admin/${sub}`,
    from: './frontend/src/features/admin',
    except: [`./${sub}`, ...adminShared.map((shared) => `./${shared}`)],
    message: 'An admin sub-feature never imports another: lift the shared piece to features/admin/components/ or features/admin/lib/.',
  })),
  {
    // @contracts resolves into backend/application/contracts, the one part of the backend the
    // browser may load (zod schemas and the domain constants they derive from).
    target: './frontend/src',
    from: './backend',
    except: ['./application/contracts'],
    message: 'The frontend reaches the backend only through the API contracts (@contracts/<name>).',
  },
  {
    target: ['./frontend/src/components', './frontend/src/lib'],
    from: './frontend/src/features',
    message: 'Shared code (components/, lib/) never imports a feature: only app/ and pages/ compose features.',
  },
  {
    target: ['./frontend/src/features', './frontend/src/components', './frontend/src/lib'],
    from: ['./frontend/src/app', './frontend/src/pages'],
    message: 'Only app/ and pages/ compose features; nothing below them imports them.',
  },
];

const backendZones = [
  {
    // Every file of the repository outside the domain, packages in node_modules included.
    target: './backend/domain',
    from: './',
    except: ['./backend/domain'],
    message: 'The domain imports nothing outside itself (docs/architecture.md).',
  },
  {
    target: ['./backend/application', './backend/projections'],
    from: './backend/infrastructure',
    message: 'Dependencies point inward: application and projections never import infrastructure (use a port).',
  },
  {
    target: './backend/application',
    from: './backend/projections',
    message: 'The application never imports projections.',
  },
  {
    // What a read model needs of the application: the ports (the event store, the Database type,
    // the reads a service asks of it, the sessions-changed signal) and the contracts (the DTOs it
    // returns); and the aggregates' cache, a plain bounded map the runner's rows-ahead cache extends.
    // Never a service or any other module of a bounded context.
    target: './backend/projections',
    from: './backend/application',
    except: ['./ports', './contracts', './event-sourcing/aggregate-cache.ts'],
    message: 'A projection imports from the application only its ports (application/ports) and contracts (application/contracts), never a service: move what both need to a port.',
  },
];

const pureDomain = 'The domain is pure: it imports nothing but the domain (no package, no node: built-in, no zod).';
const noClock = 'The domain reads no clock and draws no random numbers: time and ids arrive in the command (metadata.now, ids in its data).';

export default tseslint.config(
  { ignores: ['node_modules/**', 'frontend/dist/**', 'frontend/dist-server/**', 'test-results/**', 'coverage/**', 'reports/**', '.stryker-tmp/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // The one script the browser runs as it is (no build step): a prerendered page's loader.
  { files: ['frontend/public/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], alias: { '@contracts': [path.join(root, 'backend/application/contracts')] } }),
      ],
    },
    rules: {
      // An interface that only extends one type is how declaration merging adds to another module's
      // interface (a read model's read-model.ts adds its tables to `Database`: erasure, admin stats).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      // Names starting with _ are deliberately unused (a parameter kept for its position).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Off: the effects it flags answer changes that arrive after the first render (a new `scroll`
      // focus, a newer idea set, a toast asked for from outside React); the rule is written for
      // React Compiler code, which this app does not use.
      'react-hooks/set-state-in-effect': 'off',
      'import-x/no-restricted-paths': ['error', { zones: frontendZones }],
      // The zones see where an import lands, and @contracts lands in the backend too: a relative path
      // into the backend is refused by its spelling, so a contract is only ever reached by its alias.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\.?/(?:.*/)?backend(?:/|$)',
              message: 'The frontend imports the backend only through the @contracts alias (@contracts/<name>), never by a relative path.',
            },
          ],
        },
      ],
    },
  },
  {
    // Off in tests and benches: their doubles read and fake untyped protocol bodies and internals.
    files: ['tests/**/*.ts', '**/*.spec.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Test files may wire real adapters (as tests/architecture/import-boundaries.unit.spec.ts allows).
    files: ['backend/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: backendZones }] },
  },
  {
    // Spec files may import vitest and the test support.
    files: ['backend/domain/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      // A bare specifier is a package or a built-in (`zod`, `node:fs`, `fs`); relative imports are
      // kept inside the domain by the zone above.
      'no-restricted-imports': ['error', { patterns: [{ regex: '^[^.]', message: pureDomain }] }],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: noClock },
        { object: 'Math', property: 'random', message: noClock },
        { object: 'globalThis', property: 'crypto', message: noClock },
      ],
      'no-restricted-globals': ['error', { name: 'crypto', message: noClock }],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: noClock },
        { selector: "CallExpression[callee.name='Date']", message: noClock },
        // A dynamic import() of a package or built-in would pass no-restricted-imports.
        { selector: 'ImportExpression', message: pureDomain },
      ],
    },
  },
);
