// @ts-check
import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** An app's features (apps/<app>/src/features/<name>), each its own import zone. */
const featuresOf = (app) =>
  readdirSync(new URL(`./apps/${app}/src/features`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const webFeatures = featuresOf('web');
const adminFeatures = featuresOf('admin');

/**
 * Import zones: files under `files` may not import what `group` matches (gitignore-style patterns,
 * as `no-restricted-imports` reads them). ESLint keeps only the last `no-restricted-imports` that
 * matches a file, so a zone inside another (`apps/web/src/lib/**` in `apps/web/**`) carries the
 * outer zones' patterns too.
 */
function restrictImports(...zones) {
  const base = (files) => files.replace(/\*\*$/, '');
  return zones.map(({ files }) => {
    const patterns = zones
      .filter((outer) => base(files).startsWith(base(outer.files)))
      .map(({ group, message }) => ({ group, message }));
    return { files: [files], rules: { 'no-restricted-imports': ['error', { patterns }] } };
  });
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'screenshots/**',
      '**/*.cjs',
      'packages/contracts/src/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.ts', '*.js'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      // Fastify plugins and hooks are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Tests read loosely typed JSON answers on purpose.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'apps/server/src/testing/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  // One-way imports (ARCHITECTURE "Shape"): packages -> apps; apps never import each other.
  ...restrictImports(
    {
      files: 'packages/**',
      group: [
        '@kpc/server',
        '@kpc/server/*',
        '@kpc/web',
        '@kpc/web/*',
        '@kpc/admin',
        '@kpc/admin/*',
        '**/apps/**',
        '**/e2e/**',
      ],
      message: 'packages must not depend on apps',
    },
    {
      files: 'apps/web/**',
      group: [
        '@kpc/server',
        '@kpc/server/*',
        '**/server/src/**',
        '@kpc/admin',
        '@kpc/admin/*',
        '**/admin/src/**',
        '**/e2e/**',
      ],
      message: 'apps never import each other (the member app never ships console code)',
    },
    {
      files: 'apps/web/**',
      group: ['@kpc/shared/operator', '@kpc/shared/operator/*', '**/shared/src/operator/**'],
      message: 'operator schemas stay out of the member app (its bundle is public)',
    },
    {
      files: 'apps/server/**',
      group: ['@kpc/web', '@kpc/web/*', '**/web/src/**', '@kpc/admin', '@kpc/admin/*', '**/admin/src/**', '**/e2e/**'],
      message: 'apps never import each other',
    },
    {
      files: 'apps/admin/**',
      group: [
        '@kpc/server',
        '@kpc/server/*',
        '**/server/src/**',
        '@kpc/web',
        '@kpc/web/*',
        '**/web/src/**',
        '**/e2e/**',
      ],
      message: 'apps never import each other (a console route never imports member-app code)',
    },
    // Inside the member app, as bulletproof-react: app -> features -> components, lib, config.
    ...['components', 'lib', 'config'].map((folder) => ({
      files: `apps/web/src/${folder}/**`,
      group: ['@/features/*', '@/app/*', '**/features/**', '**/app/**'],
      message: 'components, lib and config never import a feature or the app shell: move the shared piece here',
    })),
    ...webFeatures.map((feature) => ({
      files: `apps/web/src/features/${feature}/**`,
      group: ['@/features/*', `!@/features/${feature}`, '@/app/*'],
      message: 'a feature never imports another feature or the app shell: move the shared piece to components/ or lib/',
    })),
    // The console is laid out the same way.
    ...['components', 'lib', 'config'].map((folder) => ({
      files: `apps/admin/src/${folder}/**`,
      group: ['@/features/*', '@/app/*', '**/features/**', '**/app/**'],
      message: 'components, lib and config never import a feature or the app shell: move the shared piece here',
    })),
    ...adminFeatures.map((feature) => ({
      files: `apps/admin/src/features/${feature}/**`,
      group: ['@/features/*', `!@/features/${feature}`, '@/app/*'],
      message: 'a feature never imports another feature or the app shell: move the shared piece to components/ or lib/',
    })),
  ),
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
