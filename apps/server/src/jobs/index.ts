import { notificationContextOf, snapshotJobContextOf, type ServerContext } from '../modules/index.ts';
import { planClockOf } from '../lib/clock.ts';
import { chargeMonthlyFees } from '../modules/card/monthly-fee.ts';
import { retryCardIssuerWork } from '../modules/card/recovery.ts';
import { runReleaseEngine } from '../modules/plan/release-engine.ts';
import { runLiabilitySnapshotPass } from '../modules/proof/snapshot-job.ts';
import { createNotificationJob } from '../modules/notifications/sender.ts';
import { chainJob } from './chain-job.ts';
import type { Job } from './scheduler.ts';

/**
 * Every background job of a server process, each calling its module's service; the scheduler
 * (scheduler.ts) runs them. A new job is one line here.
 */
export function listBackgroundJobs(context: ServerContext): Job[] {
  const { config, nodes } = context;
  const monitor = nodes.monitor;
  // Every process keeps its view of the nodes current; only worker processes move money
  // (RUN_CHAIN_WORKERS=false makes an API-only process).
  const probe: Job = { name: 'chain probe', everySeconds: config.RPC_PROBE_SECONDS, run: monitor.probeOnce };
  if (!config.RUN_CHAIN_WORKERS) return [probe];
  return [
    probe,
    {
      name: 'plan release',
      everySeconds: config.PLAN_RELEASE_SECONDS,
      run: () =>
        runReleaseEngine(context.db, planClockOf(context.clock), {
          workers: config.DATABASE_URL ? config.PLAN_RELEASE_WORKERS : 1,
          logger: context.logger,
        }),
    },
    // On the plans' clock too (the development clock moves it); row locks keep processes apart.
    { name: 'card monthly fees', everySeconds: config.CARD_FEE_SECONDS, run: () => chargeMonthlyFees(context.cards) },
    // Submissions, decisions and top-ups the issuer left unanswered, finished from what was recorded.
    {
      name: 'card issuer retries',
      everySeconds: config.CARD_TOPUP_RETRY_SECONDS,
      run: () => retryCardIssuerWork(context.cards),
    },
    // One proof-of-liabilities snapshot a day (UTC), whichever process claims the day first; any
    // snapshot whose builder died; the latest one's reserves on chains not read yet.
    {
      name: 'liability snapshot',
      everySeconds: config.LIABILITY_SNAPSHOT_CHECK_SECONDS,
      run: () => runLiabilitySnapshotPass(snapshotJobContextOf(context)),
    },
    // Step 11 §2: members' notification mails, each row claimed by one process (modules/notifications).
    {
      name: 'notification sender',
      everySeconds: config.NOTIFY_POLL_SECONDS,
      run: createNotificationJob(notificationContextOf(context)),
    },
    ...[...context.depositWatchers].map(([chainId, watcher]) =>
      chainJob(monitor, chainId, {
        name: 'deposit watcher',
        everySeconds: config.WATCHER_POLL_SECONDS,
        run: watcher.scanOnce,
      }),
    ),
    ...[...context.withdrawalSenders].map(([chainId, sender]) =>
      chainJob(monitor, chainId, {
        name: 'withdrawal sender',
        everySeconds: config.SENDER_POLL_SECONDS,
        run: sender.sendOnce,
      }),
    ),
  ];
}
