import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containsUnstorableText, wirePlugin } from './wire.ts';

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
let handled = 0;
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
  // No schema at all: the NUL check must not depend on one.
  app.post('/echo/:name', (request) => {
    handled += 1;
    return { code: 200, msg: 'success', data: request.body };
  });
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

describe('wire protocol: NUL characters (issue 23 item 10)', () => {
  it('finds a NUL in any string or key, however deep, and nothing else', () => {
    const nul: unknown[] = [
      'a\u0000b',
      ['ok', ['deeper', '\u0000']],
      { a: { b: [{ c: 'x\u0000' }] } },
      { ['key\u0000']: 'value' },
      { nested: { ['\u0000']: 1 } },
      JSON.parse(`${'['.repeat(10_000)}"\\u0000"${']'.repeat(10_000)}`),
    ];
    nul.forEach((value, index) => expect(containsUnstorableText(value), `case ${index}`).toBe(true));
    for (const value of ['\\u0000', '%00', 'null', null, undefined, 0, true, { a: ['b', { c: 'd' }] }, []]) {
      expect(containsUnstorableText(value)).toBe(false);
    }
  });

  it('finds half a surrogate pair alone, in a string or a key, and lets whole pairs through', () => {
    for (const value of ['\ud800', 'a\udc00b', { note: ['x\udbff'] }, { ['\ud83d']: 1 }, '\ude00\ud83d']) {
      expect(containsUnstorableText(value), JSON.stringify(value)).toBe(true);
    }
    for (const value of ['😀', 'a😀b', { ['名前😀']: ['Ωmega'] }, '\\ud800']) {
      expect(containsUnstorableText(value), JSON.stringify(value)).toBe(false);
    }
  });

  it.each([
    ['a nested string', { translations: { en: { title: 'a\u0000b' } } }],
    ['a string in an array', { list: ['fine', 'bad\u0000'] }],
    ['an object key', { ['note\u0000']: 'x' }],
  ])('refuses %s with the localised validation message before the handler runs', async (_name, body) => {
    handled = 0;
    for (const [language, msg] of [
      ['en_US', 'The text contains a character that is not allowed. Please remove it and try again.'],
      ['zh_CN', '输入内容包含不允许的字符，请删除后重试。'],
    ]) {
      const response = await app.inject({
        method: 'POST',
        url: '/echo/x',
        headers: { 'content-type': 'application/json', language: language! },
        payload: JSON.stringify(body),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ code: 1000, msg, data: null });
    }
    expect(handled).toBe(0);
  });

  it('refuses a NUL in the query string or a path parameter too, and lets an escaped one through as text', async () => {
    handled = 0;
    for (const url of ['/echo/x?q=%00', '/echo/a%00b']) {
      const response = await app.inject({ method: 'POST', url, payload: {} });
      expect(response.json(), url).toMatchObject({ code: 1000, data: null });
    }
    expect(handled).toBe(0);
    const text = await app.inject({ method: 'POST', url: '/echo/x', payload: { note: '\\u0000 and %00' } });
    expect(text.json()).toEqual({ code: 200, msg: 'success', data: { note: '\\u0000 and %00' } });
  });
});
