import { describe, expect, it } from 'vitest';
import { planShards, secondsPerFile, shardCount, shardEnvironment, traceMode } from './browser-journeys.mjs';

describe('browser-journeys', () => {
  it('gives every shard its own ports and output, from the configured or default first ports', () => {
    const first = shardEnvironment({ E2E_PORT: '4510', KEEP: 'x' }, 0);
    const second = shardEnvironment({ E2E_PORT: '4510', KEEP: 'x' }, 1);
    expect(first).toMatchObject({ E2E_PORT: '4510', E2E_SMTP_PORT: '2525', E2E_CHAIN_PORT: '8546', KEEP: 'x' });
    expect(second).toMatchObject({
      E2E_PORT: '4610',
      E2E_SMTP_PORT: '2625',
      E2E_MAIL_HTTP_PORT: '2626',
      E2E_CHAIN_PORT: '8646',
    });
    expect(first.E2E_OUTPUT_DIR).not.toBe(second.E2E_OUTPUT_DIR);
    const ports = (env) =>
      ['E2E_PORT', 'E2E_SMTP_PORT', 'E2E_MAIL_HTTP_PORT', 'E2E_CHAIN_PORT'].map((name) => env[name]);
    expect(new Set([...ports(first), ...ports(second)]).size).toBe(8);
  });

  it('records no trace for the whole suite, a trace of each failure for one file, and what E2E_TRACE asks', () => {
    expect(traceMode({}, [])).toBe('off');
    expect(traceMode({}, ['tests/card.spec.ts'])).toBe('retain-on-failure');
    expect(traceMode({ E2E_TRACE: 'on' }, [])).toBe('on');
  });

  it('runs two shards on two cores or more, one on one core, and what E2E_SHARDS asks', () => {
    expect(shardCount({}, 2)).toBe(2);
    expect(shardCount({}, 8)).toBe(2);
    expect(shardCount({}, 1)).toBe(1);
    expect(shardCount({ E2E_SHARDS: '3' }, 2)).toBe(3);
    expect(shardCount({ E2E_SHARDS: 'many' }, 2)).toBe(2);
  });

  it('balances files by their seconds, each file in exactly one shard', () => {
    const files = ['tests/a.spec.ts', 'tests/b.spec.ts', 'tests/c.spec.ts', 'tests/d.spec.ts', 'tests/new.spec.ts'];
    const seconds = { 'tests/a.spec.ts': 300, 'tests/b.spec.ts': 200, 'tests/c.spec.ts': 100, 'tests/d.spec.ts': 100 };
    const shards = planShards(files, seconds, 2);
    expect(shards.flatMap((shard) => shard.files).sort()).toEqual(files);
    // The unrecorded file counts as the average (175 s): 300 + 100 against 200 + 175 + 100.
    expect(shards.map((shard) => shard.seconds).sort()).toEqual([400, 475]);
    expect(
      planShards(files, {}, 3)
        .map((shard) => shard.files.length)
        .sort(),
    ).toEqual([1, 2, 2]);
  });

  it('sums each file’s test runs from the JSON report, nested describes included', () => {
    const report = {
      suites: [
        {
          file: 'a.spec.ts',
          specs: [{ tests: [{ results: [{ duration: 1500 }] }] }],
          suites: [{ specs: [{ tests: [{ results: [{ duration: 2500 }] }, { results: [{ duration: 1000 }] }] }] }],
        },
        { file: 'b.spec.ts', specs: [{ tests: [{ results: [{ duration: 400 }] }] }] },
      ],
    };
    expect(secondsPerFile(report)).toEqual({ 'tests/a.spec.ts': 5, 'tests/b.spec.ts': 0 });
  });
});
