/**
 * Work a request starts and does not wait for (an on-demand proof-of-liabilities snapshot takes
 * minutes). Each piece is recorded state a job finishes if this process dies; this only lets the
 * process wait for what it started: on close (the work holds a database transaction), and in tests
 * that look at the tables after a request.
 */
export interface BackgroundWork {
  /** Keeps `work` until it settles; it must handle its own failure (log it, give its claim up). */
  add(work: Promise<void>): void;
  /** Resolves once everything added so far has settled. */
  settled(): Promise<void>;
}

export function createBackgroundWork(): BackgroundWork {
  const pending = new Set<Promise<void>>();
  return {
    add(work) {
      pending.add(work);
      void work.finally(() => pending.delete(work));
    },
    async settled() {
      await Promise.allSettled([...pending]);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    backgroundWork: BackgroundWork;
  }
}
