import type { ChainMonitor } from '../chain/chain-monitor.ts';
import type { Job } from './scheduler.ts';

/**
 * A job that works one chain's node: its passes run only while the chain is up (the chain probe
 * brings it back), and tell the monitor how the node did: a head it returns marks it answering,
 * a failure marks it failed (chain-monitor.ts decides whether the failure was the node's).
 */
export function chainJob(
  monitor: Pick<ChainMonitor, 'isAvailable' | 'markAnswered' | 'markFailed'>,
  chainId: number,
  job: Omit<Job, 'logFields'>,
): Job {
  return {
    ...job,
    logFields: { chainId },
    async run() {
      if (!monitor.isAvailable(chainId)) return;
      try {
        const head = await job.run();
        if (typeof head === 'bigint') monitor.markAnswered(chainId, head);
      } catch (error) {
        monitor.markFailed(chainId, error);
        throw error;
      }
    },
  };
}
