import { defineConfig, type TestProjectConfiguration } from 'vitest/config';

const serverTests = ['apps/server/src/**/*.test.ts'];
/**
 * Server test files share their worker's modules (no per-file isolation): they import the same
 * server (Fastify, Drizzle, viem, PGlite), which took 40% of their time when each file loaded it
 * again. Every file builds its own app and database, and none mocks a module, so nothing leaks.
 */
const serverIsolation = { isolate: false } as const;

/**
 * Unit and server tests. Server tests run on embedded PGlite always, and again on a real
 * PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
 */
const projects: TestProjectConfiguration[] = [
  { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'] } },
  { test: { name: 'client', include: ['packages/client/src/**/*.test.ts'] } },
  { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'] } },
  {
    test: {
      name: 'contracts',
      include: ['packages/contracts/src/**/*.test.ts'],
      testTimeout: 60_000,
      hookTimeout: 120_000,
    },
  },
  'apps/web/vitest.config.ts',
  'apps/admin/vitest.config.ts',
  {
    test: {
      name: 'server-pglite',
      include: serverTests,
      ...serverIsolation,
      env: { KPC_TEST_DB: 'pglite' },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  },
];
if (process.env.TEST_DATABASE_URL) {
  projects.push({
    test: {
      name: 'server-postgres',
      include: serverTests,
      ...serverIsolation,
      env: { KPC_TEST_DB: 'postgres' },
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  });
}

export default defineConfig({
  test: {
    projects,
    // Two cores: argon2 and PGlite are CPU-bound, more workers only thrash.
    maxWorkers: 2,
  },
});
