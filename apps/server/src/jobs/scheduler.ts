import type { FastifyBaseLogger } from 'fastify';

/** A background job: one pass of its module's service, run again and again. */
export interface Job {
  /** What the log calls it: "<name> pass failed". */
  name: string;
  /** Seconds from the end of one pass to the start of the next. */
  everySeconds: number;
  /** One pass. A throw is logged and the next pass runs on time as usual. */
  run: () => Promise<unknown>;
  /** Fields added to the job's log lines, e.g. its chain. */
  logFields?: Record<string, unknown>;
}

export interface Scheduler {
  /** Adds a job; it starts with the others (or at once, if they already run). */
  add(job: Job): void;
  /** Runs every job's first pass now, then each again `everySeconds` after its pass ends. */
  start(): void;
  /** Runs no new pass and waits for those in progress, so shutdown never cuts one short. */
  stop(): Promise<void>;
}

/**
 * The one scheduler of a server process: every background job (deposit watchers, withdrawal
 * senders, the chain probe, Step 5's release engine) runs through it. A job's next pass is timed
 * from the end of the last one, so a job never overlaps itself, however long a pass takes.
 */
export function createScheduler(
  logger: Pick<FastifyBaseLogger, 'error'>,
  /** Told after every pass, e.g. the process's metrics (plugins/metrics.ts). */
  onPass?: (job: Job, outcome: 'ok' | 'failed', seconds: number) => void,
): Scheduler {
  const jobs: Job[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const inFlight = new Set<Promise<void>>();
  let state: 'idle' | 'running' | 'stopped' = 'idle';

  function schedule(job: Job, delaySeconds: number): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      const started = performance.now();
      const report = (outcome: 'ok' | 'failed') => onPass?.(job, outcome, (performance.now() - started) / 1000);
      // A pass that throws before its first await is a failed pass too, not an uncaught exception.
      const pass = Promise.resolve()
        .then(() => job.run())
        .then(
          () => report('ok'),
          (error: unknown) => {
            logger.error({ err: error, ...job.logFields }, `${job.name} pass failed`);
            report('failed');
          },
        )
        .finally(() => {
          inFlight.delete(pass);
          if (state === 'running') schedule(job, job.everySeconds);
        });
      inFlight.add(pass);
    }, delaySeconds * 1000);
    timers.add(timer);
  }

  return {
    add(job) {
      jobs.push(job);
      if (state === 'running') schedule(job, 0);
    },
    start() {
      if (state !== 'idle') return;
      state = 'running';
      for (const job of jobs) schedule(job, 0);
    },
    async stop() {
      state = 'stopped';
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(inFlight);
    },
  };
}
