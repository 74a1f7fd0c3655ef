// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** An import zone: files under `files` may not import `patterns`. */
function restrictImports(files, patterns, message) {
  return [
    { files: [files], rules: { 'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }] }] } },
  ];
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
    files: ['apps/web/**/*.{ts,tsx}'],
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
    'packages/**',
    ['@kpc/server', '@kpc/server/*', '@kpc/web', '@kpc/web/*', '**/apps/**', '**/e2e/**'],
    'packages must not depend on apps',
  ),
  ...restrictImports(
    'apps/web/**',
    ['@kpc/server', '@kpc/server/*', '**/server/src/**', '**/e2e/**'],
    'apps never import each other',
  ),
  ...restrictImports(
    'apps/server/**',
    ['@kpc/web', '@kpc/web/*', '**/web/src/**', '**/e2e/**'],
    'apps never import each other',
  ),
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
);
