import type { Clock } from '../../../lib/clock.ts';

/** Runs a task at a time on the issuer's clock; injectable so tests move time instead of sleeping. */
export interface Scheduler {
  /** Runs `task` once the clock reaches `when` (at once when it has); returns the cancel. */
  at(when: Date, task: () => Promise<void>): () => void;
}

/**
 * Real timers on `clock`. Tasks report their own failures (`onError`); the timer never keeps the
 * process alive, so a server can stop while a sandbox decision is pending (it resumes at start).
 */
export function timerScheduler(clock: Clock, onError: (error: unknown) => void): Scheduler {
  return {
    at(when, task) {
      const delay = Math.max(0, when.getTime() - clock.now().getTime());
      const timer = setTimeout(() => {
        task().catch(onError);
      }, delay);
      timer.unref();
      return () => clearTimeout(timer);
    },
  };
}

/** A clock and scheduler that move only when told: `advance` runs every due task, in time order, and awaits it. */
export interface ManualTime {
  clock: Clock;
  scheduler: Scheduler;
  /** Moves "now" forward by `ms`, running the tasks that fall due on the way at their own time. */
  advance(ms: number): Promise<void>;
  /** Tasks scheduled and not yet run or cancelled. */
  pending(): number;
}

export function manualTime(start: Date): ManualTime {
  let now = start.getTime();
  let sequence = 0;
  const tasks = new Map<number, { when: number; task: () => Promise<void> }>();
  const clock: Clock = { now: () => new Date(now) };
  return {
    clock,
    scheduler: {
      at(when, task) {
        const id = sequence++;
        tasks.set(id, { when: when.getTime(), task });
        return () => tasks.delete(id);
      },
    },
    async advance(ms) {
      const end = now + ms;
      for (;;) {
        // The earliest due task (ties in scheduling order); tasks may schedule more.
        let next: [number, { when: number; task: () => Promise<void> }] | undefined;
        for (const entry of tasks) if (entry[1].when <= end && (!next || entry[1].when < next[1].when)) next = entry;
        if (!next) break;
        tasks.delete(next[0]);
        now = Math.max(now, next[1].when);
        await next[1].task();
      }
      now = end;
    },
    pending: () => tasks.size,
  };
}
