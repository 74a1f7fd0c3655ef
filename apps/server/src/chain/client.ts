import { BaseError, createPublicClient, http, type PublicClient } from 'viem';
import type { ChainSettings } from '../config/chains.ts';

/**
 * The one JSON-RPC client of a chain's node in this process, shared by its watcher, sender,
 * monitor and accelerate. A call that takes longer than `timeoutMs` fails (one retry), so a
 * hanging node never holds a member's request or a worker's pass for long.
 */
export function createChainClient(chain: ChainSettings, timeoutMs: number): PublicClient {
  if (!chain.rpcUrl) throw new Error(`chain ${chain.chainId} has no RPC URL`);
  return createPublicClient({ transport: http(chain.rpcUrl, { retryCount: 1, timeout: timeoutMs }) });
}

/**
 * True for a failure of the node or of the way to it (timeouts, HTTP and JSON-RPC errors), as
 * opposed to a bug or a database error: viem raises all of those as its BaseError.
 */
export function isNodeError(error: unknown): boolean {
  return error instanceof BaseError;
}
