import { z } from 'zod';

/**
 * POST /api/app/config — the runtime configuration the member app reads at start-up (SPEC §3
 * "Environment configuration keys"): allowed chain ids and, per chain, the contract addresses.
 * The server is the one source, so the web build never has to change with a deployment.
 */
export const ZChainInfo = z.object({
  chainId: z.number().int(),
  name: z.string(),
  /** An RPC URL a browser wallet may add ("add network"); null when the operator does not publish one. */
  rpcUrl: z.string().nullable(),
  explorerUrl: z.string().nullable(),
  nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number().int() }),
  /** USDT token contract on this chain (SPEC §3 "USDT contract address"). */
  usdt: z.string().nullable(),
  /** Recharge contract on this chain (SPEC §3 "USDT recharge contract address"). */
  recharge: z.string().nullable(),
  /** KPC token contract, on the chain that has it (SPEC §3 "KPC token contract address"). */
  kpc: z.string().nullable(),
  /** Where members may send USDT directly (SPEC §2 Recharge); credited by the sender's bound wallet. */
  depositAddress: z.string().nullable(),
});
export type TChainInfo = z.infer<typeof ZChainInfo>;

export const ZAppConfig = z.object({
  /** SPEC §5: wallets on other chains are refused. Default 137,56,1; the local chain joins in development. */
  allowedChainIds: z.array(z.number().int()),
  chains: z.array(ZChainInfo),
  /** SPEC §9 token code, "KPC". */
  tokenCode: z.string(),
  /** SPEC §9 USDT quantity: the allowance a wallet deposit approves, a decimal string. */
  usdtQuantity: z.string(),
  /** True when the server runs its embedded development chain (`npm start` without RPC settings). */
  devChain: z.boolean(),
  /** True when `/api/dev/clock/advance` exists (development only, with the faucet): the app offers to move time forward. */
  devClock: z.boolean(),
});
export type TAppConfig = z.infer<typeof ZAppConfig>;
