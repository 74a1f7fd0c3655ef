import { ClientErrorCode, RequestError } from '@/lib/request.ts';

/**
 * The call may have reached the server and its answer was lost (no network, a timeout): the same
 * submission must be retried under the same request id. Any other failure is a refusal.
 */
export function isAnswerLost(error: unknown): boolean {
  return (
    error instanceof RequestError && (error.code === ClientErrorCode.NETWORK || error.code === ClientErrorCode.TIMEOUT)
  );
}
