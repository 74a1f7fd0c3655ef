import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { createScheduler } from './scheduler.ts';

const EVERY = 0.005;

/** A promise the test settles by hand. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((settle) => (resolve = settle));
  return { promise, resolve };
}

describe('the job scheduler', () => {
  it('never runs a job while its previous pass is still running', async () => {
    const scheduler = createScheduler({ error: vi.fn() });
    let running = 0;
    let most = 0;
    let passes = 0;
    scheduler.add({
      name: 'slow',
      everySeconds: EVERY,
      run: async () => {
        running += 1;
        most = Math.max(most, running);
        // Ten times longer than the interval.
        await sleep(EVERY * 10_000);
        running -= 1;
        passes += 1;
      },
    });
    scheduler.start();
    await vi.waitFor(() => expect(passes).toBeGreaterThanOrEqual(3), { timeout: 5_000 });
    await scheduler.stop();
    expect(most).toBe(1);
  });

  it('reports each pass with its outcome and duration (the metrics of plugins/metrics.ts)', async () => {
    const passes: [string, string, number][] = [];
    const scheduler = createScheduler({ error: vi.fn() }, (job, outcome, seconds) =>
      passes.push([job.name, outcome, seconds]),
    );
    let calls = 0;
    scheduler.add({
      name: 'flaky',
      everySeconds: EVERY,
      run: async () => {
        calls += 1;
        await sleep(20);
        if (calls === 2) throw new Error('node timed out');
      },
    });
    scheduler.start();
    await vi.waitFor(() => expect(passes.length).toBeGreaterThanOrEqual(3), { timeout: 5_000 });
    await scheduler.stop();
    expect(passes.slice(0, 3).map(([name, outcome]) => [name, outcome])).toEqual([
      ['flaky', 'ok'],
      ['flaky', 'failed'],
      ['flaky', 'ok'],
    ]);
    for (const [, , seconds] of passes) expect(seconds).toBeGreaterThanOrEqual(0.015);
  });

  it('logs a failed pass, with the job and its fields, and runs the next one', async () => {
    const error = vi.fn();
    const scheduler = createScheduler({ error });
    let passes = 0;
    scheduler.add({
      name: 'flaky',
      everySeconds: EVERY,
      logFields: { chainId: 31337 },
      run: async () => {
        passes += 1;
        if (passes === 1) throw new Error('node down');
      },
    });
    // A pass that throws before any await fails alike, instead of escaping as an uncaught exception.
    const syncFailure = new Error('thrown at once');
    scheduler.add({
      name: 'hasty',
      everySeconds: EVERY,
      run: () => {
        throw syncFailure;
      },
    });
    scheduler.start();
    await vi.waitFor(() => expect(passes).toBeGreaterThanOrEqual(3), { timeout: 5_000 });
    await scheduler.stop();
    expect(error).toHaveBeenCalledWith(
      { err: expect.objectContaining({ message: 'node down' }), chainId: 31337 },
      'flaky pass failed',
    );
    expect(error.mock.calls.filter(([, message]) => message === 'flaky pass failed')).toHaveLength(1);
    expect(error).toHaveBeenCalledWith({ err: syncFailure }, 'hasty pass failed');
  });

  it('stops by waiting for the pass in progress, and runs no other', async () => {
    const scheduler = createScheduler({ error: vi.fn() });
    const started = deferred();
    const release = deferred();
    let passes = 0;
    let finished = false;
    scheduler.add({
      name: 'long',
      everySeconds: EVERY,
      run: async () => {
        passes += 1;
        started.resolve();
        await release.promise;
        finished = true;
      },
    });
    scheduler.start();
    await started.promise;

    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await sleep(50);
    expect(stopped).toBe(false);
    release.resolve();
    await stopping;
    expect(finished).toBe(true);
    await sleep(50);
    expect(passes).toBe(1);
  });

  it('starts a job added while the others run, and none before start', async () => {
    const scheduler = createScheduler({ error: vi.fn() });
    const early = vi.fn(async () => undefined);
    const late = vi.fn(async () => undefined);
    scheduler.add({ name: 'early', everySeconds: EVERY, run: early });
    await sleep(20);
    expect(early).not.toHaveBeenCalled();
    scheduler.start();
    scheduler.add({ name: 'late', everySeconds: EVERY, run: late });
    await vi.waitFor(() => expect(late).toHaveBeenCalled(), { timeout: 5_000 });
    await scheduler.stop();
    expect(early).toHaveBeenCalled();
  });
});
