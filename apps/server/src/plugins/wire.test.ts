import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wirePlugin } from './wire.ts';

/** A pg error as the driver throws it, wrapped by Drizzle with the statement's parameters. */
function failedQuery(code: string, message: string) {
  const driverError = new pg.DatabaseError(message, 0, 'error');
  driverError.code = code;
  return new DrizzleQueryError(
    'update members set email = $1 where id = $2',
    ['someone@example.com', '42'],
    driverError,
  );
}

const logLines: string[] = [];
const app = Fastify({
  logger: {
    level: 'info',
    stream: new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    }),
  },
});

beforeAll(async () => {
  await app.register(wirePlugin);
  app.post('/serialization', () => Promise.reject(failedQuery('40001', 'could not serialize access')));
  app.post('/deadlock', () => Promise.reject(failedQuery('40P01', 'deadlock detected')));
  app.post('/check-violation', () => Promise.reject(failedQuery('23514', 'new row violates check constraint')));
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('wire protocol: database failures', () => {
  it.each(['/serialization', '/deadlock'])(
    'answers a rolled-back conflict (%s) with "busy, try again"',
    async (url) => {
      const response = await app.inject({ method: 'POST', url, headers: { language: 'zh_CN' } });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toMatchObject({ code: 1002, data: null });
      expect(response.json<{ msg: string }>().msg).toMatch(/[\u4e00-\u9fff]/);
    },
  );

  it('answers any other statement failure with a 500 whose log names the SQL but never its parameters', async () => {
    logLines.length = 0;
    const response = await app.inject({ method: 'POST', url: '/check-violation' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toMatch(/update members|someone@example\.com/);
    const logged = logLines.join('');
    expect(logged).toContain('unexpected failure');
    expect(logged).toContain('23514');
    expect(logged).toContain('update members set email = $1');
    expect(logged).not.toContain('someone@example.com');
  });
});
