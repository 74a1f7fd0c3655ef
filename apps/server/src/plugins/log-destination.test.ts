import { describe, expect, it } from 'vitest';
import { logDestination } from './logger.ts';

/** JSON lines stay the format of production, tests and pipes; a developer's terminal gets readable lines. */
describe('log destination', () => {
  const isJsonOnStdout = (stream: object) => stream.constructor.name === 'SonicBoom';

  it('writes JSON lines in production, in tests and to a pipe', () => {
    expect(isJsonOnStdout(logDestination({ NODE_ENV: 'production' }, true))).toBe(true);
    expect(isJsonOnStdout(logDestination({ NODE_ENV: 'test' }, true))).toBe(true);
    expect(isJsonOnStdout(logDestination({ NODE_ENV: 'development' }, false))).toBe(true);
  });

  it('writes readable lines in development at a terminal', () => {
    expect(isJsonOnStdout(logDestination({ NODE_ENV: 'development' }, true))).toBe(false);
  });

  it('follows LOG_FORMAT when it is set', () => {
    expect(isJsonOnStdout(logDestination({ NODE_ENV: 'development', LOG_FORMAT: 'pretty' }, false))).toBe(false);
    expect(isJsonOnStdout(logDestination({ NODE_ENV: 'development', LOG_FORMAT: 'json' }, true))).toBe(true);
  });
});
