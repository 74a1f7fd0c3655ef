import { describe, expect, it } from 'vitest';
import { systemClock } from '../../../lib/clock.ts';
import { manualTime, timerScheduler } from './scheduler.ts';

describe('manual time', () => {
  it('runs due tasks in time order at their own time, including tasks they schedule', async () => {
    const time = manualTime(new Date('2026-01-01T00:00:00Z'));
    const ran: string[] = [];
    const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));
    time.scheduler.at(at(5), async () => {
      ran.push(`b@${time.clock.now().getUTCSeconds()}`);
      time.scheduler.at(at(6), async () => {
        ran.push(`c@${time.clock.now().getUTCSeconds()}`);
      });
    });
    time.scheduler.at(at(2), async () => {
      ran.push(`a@${time.clock.now().getUTCSeconds()}`);
    });
    const cancel = time.scheduler.at(at(3), async () => {
      ran.push('cancelled');
    });
    cancel();
    await time.advance(4000);
    expect(ran).toEqual(['a@2']);
    expect(time.clock.now().getUTCSeconds()).toBe(4);
    await time.advance(10_000);
    expect(ran).toEqual(['a@2', 'b@5', 'c@6']);
    expect(time.pending()).toBe(0);
  });
});

describe('timer scheduler', () => {
  it('runs a due task on a real timer, reports its failure, and can be cancelled', async () => {
    const errors: unknown[] = [];
    const scheduler = timerScheduler(systemClock, (error) => errors.push(error));
    const ran = await new Promise<string>((resolve) => {
      scheduler.at(new Date(Date.now() - 1000), async () => resolve('ran'));
    });
    expect(ran).toBe('ran');
    let cancelledRan = false;
    const cancel = scheduler.at(new Date(Date.now() + 20), async () => {
      cancelledRan = true;
    });
    cancel();
    await new Promise<void>((resolve) => {
      scheduler.at(new Date(), async () => {
        resolve();
        throw new Error('task failed');
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(cancelledRan).toBe(false);
    expect(errors).toHaveLength(1);
  });
});
