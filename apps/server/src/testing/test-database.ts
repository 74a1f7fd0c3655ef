import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PGliteOptions } from '@electric-sql/pglite';
import pg from 'pg';
import { dumpMigratedPglite, openDatabase, type DatabaseHandle } from '../db/client.ts';

/** Which database the server tests run on: set per Vitest project (PGlite always, PostgreSQL on CI). */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.KPC_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

let pgliteTemplate: Promise<PGliteOptions> | undefined;

type WasmModule = NonNullable<PGliteOptions['pgliteWasmModule']>;
/** Node's WebAssembly: the server's TypeScript libraries (ES2023 and Node's) do not declare it. */
const { WebAssembly: wasm } = globalThis as unknown as {
  WebAssembly: { compile(bytes: Uint8Array): Promise<WasmModule> };
};

/**
 * What every in-memory PGlite of this test worker starts from: the engine compiled once, and a
 * dump of a migrated empty database. A new PGlite otherwise compiles its WebAssembly, runs initdb
 * and every migration: seconds, for each of the hundreds of test apps a run opens.
 */
function pgliteTemplateOptions(): Promise<PGliteOptions> {
  pgliteTemplate ??= (async () => {
    const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pgliteWasm, initdbWasm, bundle] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm', 'pglite.data'].map((file) => readFile(join(dist, file))),
    );
    const engine: PGliteOptions = {
      pgliteWasmModule: await wasm.compile(pgliteWasm!),
      initdbWasmModule: await wasm.compile(initdbWasm!),
      fsBundle: new Blob([bundle!]),
    };
    const loadDataDir = await dumpMigratedPglite(engine);
    return { ...engine, loadDataDir };
  })();
  return pgliteTemplate;
}

/**
 * A fresh, migrated, empty database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server of TEST_DATABASE_URL that is dropped again on close.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind() === 'pglite')
    return openDatabase({ dataDir: 'memory://', pglite: await pgliteTemplateOptions() });
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('KPC_TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `kpc_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused', poolSize: 20 });
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
