import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { stopAll } from './processes.ts';

/** Clean-up steps of a benchmark run: temporary directories and databases, newest first. */
const cleanups: (() => Promise<void>)[] = [];
let cleaning: Promise<void> | undefined;

/** Stops every child and undoes every step once, even when a signal and a failure both ask for it. */
export function cleanUp(): Promise<void> {
  cleaning ??= (async () => {
    await stopAll();
    while (cleanups.length > 0) {
      try {
        await cleanups.pop()?.();
      } catch (error) {
        console.error(`clean-up: ${(error as Error).message}`);
      }
    }
  })().finally(() => {
    cleaning = undefined;
  });
  return cleaning;
}

/** A temporary directory, removed at clean-up. */
export async function tempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Creates a fresh database next to `adminUrl`'s and returns its URL; it is dropped at clean-up. */
export async function createPostgresDatabase(adminUrl: string, prefix: string): Promise<string> {
  const name = `${prefix}_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  cleanups.push(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(`drop database if exists ${name} with (force)`);
    } finally {
      await client.end();
    }
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The environment of a child: ours without any server setting, so the shell cannot change what runs. */
export function childEnv(extra: Record<string, string>): Record<string, string> {
  const serverSetting =
    /^(NODE_ENV|HOST|PORT|DATA_DIR|DATABASE_|LOG_LEVEL|PUBLIC_URL|WEB_DIST_DIR|TRUST_PROXY|SMTP_URL|MAIL_FROM|DEV_|EXCHANGE_|GENESIS_|APP_SECRET|SESSION_|RATE_LIMIT_|REDIS_|ALLOWED_CHAIN_IDS|TOKEN_CODE|USDT_QUANTITY|CHAIN_|SIWE_|BENCH_)/;
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !serverSetting.test(key)) env[key] = value;
  }
  return { ...env, ...extra };
}

/** The server's version and the named settings, printed beside a benchmark's figures. */
export async function postgresSettings(url: string, names: readonly string[]): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const settings: Record<string, string> = {};
    const { rows } = await client.query<{ version: string }>('select version()');
    settings.version = rows[0]?.version.split(' on ')[0] ?? '?';
    for (const name of names) {
      const answer = await client.query<Record<string, string>>(`show ${name}`);
      settings[name] = answer.rows[0]?.[name] ?? '?';
    }
    return settings;
  } finally {
    await client.end();
  }
}
