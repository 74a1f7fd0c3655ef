import { expect, type Page } from '@playwright/test';
import type { Address } from 'viem';
import { CHAIN_RPC_URL } from './test-wallet.ts';

/** The server's embedded development chain (DEV_CHAIN_PORT in playwright.config.ts). */
export const LOCAL_CHAIN_ID = 31337;
/** The local chain's name in English, in the member app and in the server's messages. */
export const LOCAL_NETWORK_NAME = 'Local test network';

/** A JSON-RPC call straight to the local Hardhat node (mining, balances, test funds). */
export async function rpc<T>(method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(CHAIN_RPC_URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result as T;
}

/** Mines `blocks` blocks at once (20 confirmations in one call). */
export async function mineBlocks(blocks: number): Promise<void> {
  await rpc('hardhat_mine', [`0x${blocks.toString(16)}`]);
}

/** The USDT contract of the local chain, as the app reads it (`/api/app/config`). */
export async function readLocalUsdt(page: Page): Promise<Address> {
  const config = (await (await page.request.post('/api/app/config', { data: {} })).json()) as {
    data: { chains: { chainId: number; usdt: Address | null }[] };
  };
  const chain = config.data.chains.find((item) => item.chainId === LOCAL_CHAIN_ID);
  expect(chain?.usdt, 'the local chain has a USDT contract').toBeTruthy();
  return chain!.usdt!;
}
