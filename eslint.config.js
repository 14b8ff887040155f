import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { apiModulesPlugin, apiModuleZones, apiSchemaFiles, apiSchemaZones } from './eslint/api-modules.js';

/** The repository's root: the API's zones are absolute, whichever directory ESLint runs from. */
const ROOT = fileURLToPath(new URL('.', import.meta.url));

const featuresDir = 'apps/web/src/features';
const consoleDir = 'apps/web/src/console';
const consoleFeaturesDir = `${consoleDir}/features`;

/** The folders directly under `dir`, or none when it does not exist. */
function folders(dir) {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}
const features = folders(featuresDir);
const consoleFeatures = folders(consoleFeaturesDir);

// bulletproof-react: shared -> features -> app, and no feature imports another.
const featureBoundaries = [
  ...features.map((feature) => ({
    target: `./${featuresDir}/${feature}`,
    from: `./${featuresDir}`,
    except: [`./${feature}`],
    message: 'Features do not import each other: move shared code to components/ or lib/, or compose in app/.',
  })),
  {
    target: [`./${featuresDir}`],
    from: './apps/web/src/app',
    message: 'Features may not import from app/.',
  },
  {
    target: ['./apps/web/src/components', './apps/web/src/lib'],
    from: [`./${featuresDir}`, './apps/web/src/app', `./${consoleDir}`],
    message: 'Shared code may not import features, app or the console.',
  },
];

// The staff console (docs/decisions/0018-staff-console.md) is a bundle of its own: it shares components/, lib/ and the
// domain with the site, never the site's features or app, and nothing of the site imports it, so the customers'
// pages never load a byte of it. Inside, the same one-way flow: console lib/components -> features -> app.
const consoleBoundaries = [
  {
    target: [`./${featuresDir}`, './apps/web/src/app'],
    from: `./${consoleDir}`,
    message: "The customer site never imports the staff console: the customers' pages must not download a byte of it.",
  },
  {
    target: `./${consoleDir}`,
    from: [`./${featuresDir}`, './apps/web/src/app'],
    message: "The staff console never imports the site's features or app: move what both need to components/ or lib/.",
  },
  ...consoleFeatures.map((feature) => ({
    target: `./${consoleFeaturesDir}/${feature}`,
    from: `./${consoleFeaturesDir}`,
    except: [`./${feature}`],
    message: 'Console features do not import each other: move shared code to console/lib or console/components, or compose in console/app.',
  })),
  {
    target: `./${consoleFeaturesDir}`,
    from: `./${consoleDir}/app`,
    except: ['./sign-in-layout.tsx', './use-page-title.ts', './navigation.ts'],
    message: 'Console features may not import console/app, except the page frames it shares with them.',
  },
  {
    target: [`./${consoleDir}/lib`, `./${consoleDir}/components`],
    from: [`./${consoleFeaturesDir}`, `./${consoleDir}/app`],
    message: "The console's shared code may not import its features or app.",
  },
];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/.data/**', '**/test-results/**', '**/playwright-report/**', 'apps/api/drizzle/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name=/^(skip|only|todo)$/][callee.object.name=/^(it|test|describe)$/]", message: 'No skipped or focused tests.' },
      ],
    },
  },
  {
    // No import circles in the code that ships or the browser tests' support: a circle makes the order modules
    // run in matter. no-cycle follows imports through TypeScript files only when told they are modules it can parse.
    // A test file is imported by nothing, so it closes no circle: skipping them halves the rule's time.
    // apps/api/test/module-boundaries.test.ts plants a circle, so the rule cannot quietly stop working.
    files: ['apps/api/src/**/*.{ts,tsx}', 'apps/web/src/**/*.{ts,tsx}', 'packages/domain/src/**/*.ts', 'e2e/support/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Resolve extensionless imports too, so the boundaries hold whichever way a path is written.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.jsx'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: [...featureBoundaries, ...consoleBoundaries] }],
      // Each domain name from the module that declares it (the package's subpath exports): a chunk importing the
      // barrel takes every domain module any page uses into the entry chunk, downloaded with every page (issue 15).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@tours/domain',
              message: "Import from the module that declares the name ('@tours/domain/money'); node scripts/codemods/domain-subpaths.mjs rewrites these.",
            },
          ],
        },
      ],
    },
  },
  {
    // The API's modules own their tables and meet only through their faces, in one direction (eslint/api-modules.js).
    files: ['apps/api/src/**/*.{ts,tsx}'],
    plugins: { 'api-modules': apiModulesPlugin },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: apiModuleZones(ROOT) }],
      'api-modules/no-foreign-table-writes': 'error',
    },
  },
  {
    // Table files name the tables their foreign keys reference, whoever owns them.
    files: apiSchemaFiles(ROOT),
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: apiSchemaZones(ROOT) }] },
  },
);
