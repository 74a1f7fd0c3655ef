/** The server's sense of time, injectable so tests can move it (code and session expiry). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
