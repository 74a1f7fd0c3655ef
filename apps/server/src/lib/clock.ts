/** The server's sense of time, injectable so tests can move it (code and session expiry). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock whose "now" development and tests can move forward (the plans' clock). */
export interface AdjustableClock extends Clock {
  /** Moves "now" forward by whole days. */
  advanceDays(days: number): void;
  /** How many days "now" is ahead of the clock beneath. */
  offsetDays(): number;
}

/** `base` moved forward by an offset kept in memory (back to 0 when the process restarts). */
export function offsetClock(base: Clock): AdjustableClock {
  let days = 0;
  return {
    now: () => new Date(base.now().getTime() + days * 86_400_000),
    advanceDays(more) {
      if (!Number.isInteger(more) || more < 0) throw new RangeError('the clock only moves forward by whole days');
      days += more;
    },
    offsetDays: () => days,
  };
}

const planClocks = new WeakMap<Clock, AdjustableClock>();

/**
 * The plans' clock of a server (one per server clock): the release engine and the plan calls read
 * "now" from it, and the development clock endpoint moves it forward, so a newcomer can watch 30
 * days of releases in a minute while sessions and codes keep real time.
 */
export function planClockOf(base: Clock): AdjustableClock {
  let clock = planClocks.get(base);
  if (!clock) {
    clock = offsetClock(base);
    planClocks.set(base, clock);
  }
  return clock;
}
