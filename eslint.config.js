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
const features = readdirSync(path.join(root, 'frontend/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const frontendZones = [
  // One zone per feature folder, so a new feature is covered without editing this file.
  ...features.map((feature) => ({
    target: `./frontend/src/features/${feature}`,
    from: './frontend/src/features',
    except: [`./${feature}`],
    message: 'A feature never imports another feature: compose them in pages/ or app/, or lift the shared piece to lib/ or components/.',
  })),
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
    target: './backend/domain',
    from: ['./backend/application', './backend/projections', './backend/infrastructure'],
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
];

const frameworkPackages = ['fastify', 'kysely', 'pg', 'inversify', 'openai', 'stripe', 'pino'];

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
      // interface (projections/registry.ts adds the read-model tables to `Database`).
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
    files: ['backend/domain/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: frameworkPackages.map((name) => ({ name, message: 'The domain is pure: no framework or I/O package.' })),
          patterns: [{ regex: `^(${frameworkPackages.join('|')})/`, message: 'The domain is pure: no framework or I/O package.' }],
        },
      ],
    },
  },
);
