import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { ensureGenesisInviteCode } from '../db/seed.ts';
import type { Clock } from '../lib/clock.ts';
import { startSmtpSink, type SmtpSink } from './smtp-sink.ts';
import { openTestDatabase } from './test-database.ts';

export const GENESIS_CODE = 'GENESIS1';
/** The test server's APP_SECRET: tests that sign or seal as the server does use it. */
export const TEST_APP_SECRET = 'test-secret-test-secret-test-secret-0123';

/** A clock tests can move forward. */
export class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(seconds: number): void {
    this.offsetMs += seconds * 1000;
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  smtp: SmtpSink;
  clock: TestClock;
  /** Every log line the server wrote. */
  logs: string[];
  /** POST a JSON body to an API path, as the member app does. */
  call(
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; code: number; msg: string; data: any; response: LightMyRequestResponse }>;
  close(): Promise<void>;
}

/**
 * The real server (real database, real SMTP delivery to a local sink) for `inject` tests.
 * Rate limits are high unless a test lowers them through `env`.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<BuildAppOptions, 'chains' | 'cardIssuer'> = {},
): Promise<TestApp> {
  const smtp = await startSmtpSink();
  const database = await openTestDatabase();
  const clock = new TestClock();
  const logs: string[] = [];
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    SMTP_URL: smtp.url,
    APP_SECRET: TEST_APP_SECRET,
    GENESIS_INVITE_CODE: GENESIS_CODE,
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ADMIN_DIST_DIR: '/nonexistent-admin-dist',
    RATE_LIMIT_LOGIN_MAX: '1000',
    RATE_LIMIT_ACCOUNT_MAX: '1000',
    RATE_LIMIT_CODE_MAX: '1000',
    // The notification sender (its first pass finds nothing) stays out of the way of tests counting
    // mails; notifications.test.ts runs its passes itself.
    NOTIFY_POLL_SECONDS: '3600',
    ...env,
  });
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config,
      database,
      clock,
      logStream: { write: (line: string) => void logs.push(line) },
      ...options,
    });
  } catch (error) {
    // A refused start-up (tests prove those) must not leave its database and mail sink behind.
    await smtp.close();
    await database.close();
    throw error;
  }
  await ensureGenesisInviteCode(database.db, config.GENESIS_INVITE_CODE);
  await app.ready();
  return {
    app,
    database,
    smtp,
    clock,
    logs,
    async call(path, body, headers = {}) {
      const response = await app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/json', ...headers },
        ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
      });
      const parsed = response.json<{ code: number; msg: string; data: unknown }>();
      return { status: response.statusCode, code: parsed.code, msg: parsed.msg, data: parsed.data, response };
    },
    async close() {
      await app.close();
      await smtp.close();
      await database.close();
    },
  };
}
