/**
 * One release engine in a process of its own, for two-processes.test.ts (not a test itself):
 *
 *   DATABASE_URL=postgres://… node --import tsx testing-engine-process.ts --days 45 [--base ISO] [--wait]
 *     [--workers N]
 *
 * Opens the database, runs `runReleaseEngine` once with the plans' clock `days` ahead of `base`
 * (default: the system clock) and prints `{"now":…,"result":…}` as one JSON line. With `--wait` it
 * first prints `{"ready":true}` and waits for a line on stdin, so a test can start several engines
 * at the same moment after their slow start-up.
 */
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../db/client.ts';
import { offsetClock, systemClock, type Clock } from '../../lib/clock.ts';
import { runReleaseEngine } from './release-engine.ts';

const { values } = parseArgs({
  options: {
    days: { type: 'string', default: '0' },
    base: { type: 'string' },
    wait: { type: 'boolean', default: false },
    workers: { type: 'string', default: '1' },
  },
});
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');
const days = Number(values.days);
const baseMs = values.base === undefined ? undefined : Date.parse(values.base);
if (baseMs !== undefined && Number.isNaN(baseMs)) throw new Error(`--base is not a date: ${values.base}`);

// A fixed base lets every engine of a test use the very same instant (no day boundary between them).
const base: Clock = baseMs === undefined ? systemClock : { now: () => new Date(baseMs) };
const clock = offsetClock(base);
clock.advanceDays(days);

const workers = Number(values.workers);
const database = await openDatabase({ databaseUrl, dataDir: 'unused', poolSize: workers + 1 });
try {
  if (values.wait) {
    process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
    const input = createInterface({ input: process.stdin });
    await once(input, 'line');
    input.close();
  }
  const result = await runReleaseEngine(database.db, clock, { workers });
  process.stdout.write(`${JSON.stringify({ now: clock.now().toISOString(), result })}\n`);
} finally {
  await database.close();
}
