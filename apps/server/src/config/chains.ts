import { getAddress, isAddress, type Address, type Hex } from 'viem';
import { bsc, mainnet, polygon } from 'viem/chains';

/** One chain the programme works on: its node and its contracts (SPEC §3 environment keys). */
export interface ChainSettings {
  chainId: number;
  name: string;
  /** The server's node; may carry an API key, so it is never shown to members. */
  rpcUrl: string | null;
  /** An RPC URL members may add to their wallets; null unless configured. */
  publicRpcUrl: string | null;
  explorerUrl: string | null;
  nativeCurrency: { name: string; symbol: string; decimals: number };
  usdt: Address | null;
  recharge: Address | null;
  kpc: Address | null;
  /** Where members send USDT directly (SPEC §2 Recharge "transfer to the shown address"). */
  depositAddress: Address | null;
  /** The first block the deposit watcher reads on a fresh database; null: the head at first start. */
  startBlock: bigint | null;
  /**
   * The private key of the hot wallet that pays withdrawals on this chain; withdrawals are open
   * only where it is set. A secret: never logged, never sent to members.
   */
  hotWalletKey: Hex | null;
  /**
   * Decimals of the chain's USDT (6 on Ethereum and Polygon, 18 on BSC): amounts are converted at
   * the chain edge, the ledger's USDT stays one asset. Checked against the token's `decimals()` at
   * start-up. Null only for a chain without USDT configured.
   */
  usdtDecimals: number | null;
  /** The embedded development chain: test funds may leave through it, and through no other. */
  isDevelopment: boolean;
}

/** USDT's decimals on the chains whose USDT we know; any other chain must state them. */
const KNOWN_USDT_DECIMALS = new Map<number, number>([
  [1, 6],
  [137, 6],
  [56, 18],
]);

/** What members' wallets know about the default chains (SPEC §5: 137, 56, 1). */
const KNOWN_CHAINS = new Map<
  number,
  { name: string; nativeCurrency: ChainSettings['nativeCurrency']; explorerUrl: string }
>(
  [polygon, bsc, mainnet].map((chain) => [
    chain.id,
    {
      name: chain.name,
      nativeCurrency: chain.nativeCurrency,
      explorerUrl: chain.blockExplorers.default.url,
    },
  ]),
);

/** The per-chain settings, each read as `CHAIN_<id>_<setting>` (docs/configuration.md lists them). */
export const CHAIN_SETTINGS = [
  'RPC_URL',
  'PUBLIC_RPC_URL',
  'EXPLORER_URL',
  'NAME',
  'USDT',
  'RECHARGE',
  'KPC',
  'DEPOSIT_ADDRESS',
  'START_BLOCK',
  'HOT_WALLET_KEY',
  'USDT_DECIMALS',
];
const KEY = new RegExp(`^CHAIN_(\\d+)_(${CHAIN_SETTINGS.join('|')})$`);
const URL_PATTERN = /^(https?|wss?):\/\/\S+$/;

/** A chain with nothing configured but its id: named if it is a known chain. */
export function describeChain(chainId: number): ChainSettings {
  const known = KNOWN_CHAINS.get(chainId);
  return {
    chainId,
    name: known?.name ?? `Chain ${chainId}`,
    rpcUrl: null,
    publicRpcUrl: null,
    explorerUrl: known?.explorerUrl ?? null,
    nativeCurrency: known?.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
    usdt: null,
    recharge: null,
    kpc: null,
    depositAddress: null,
    startBlock: null,
    hotWalletKey: null,
    usdtDecimals: KNOWN_USDT_DECIMALS.get(chainId) ?? null,
    isDevelopment: false,
  };
}

/**
 * Reads `CHAIN_<id>_<SETTING>` variables, e.g. `CHAIN_137_RPC_URL`, `CHAIN_137_USDT`,
 * `CHAIN_137_RECHARGE`, `CHAIN_137_KPC`, `CHAIN_137_DEPOSIT_ADDRESS`, `CHAIN_137_START_BLOCK`,
 * `CHAIN_137_PUBLIC_RPC_URL`, `CHAIN_137_NAME`, `CHAIN_137_EXPLORER_URL`, `CHAIN_137_HOT_WALLET_KEY`. Returns the chains (sorted by id) and a line per bad variable.
 */
export function parseChainSettings(env: Record<string, string | undefined>): {
  chains: ChainSettings[];
  issues: string[];
} {
  const chains = new Map<number, ChainSettings>();
  const issues: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith('CHAIN_') || value === undefined || value === '') continue;
    const match = KEY.exec(name);
    if (!match) {
      issues.push(`  ${name}: unknown chain setting (expected CHAIN_<id>_ and one of ${CHAIN_SETTINGS.join(', ')})`);
      continue;
    }
    const chainId = Number(match[1]);
    const setting = match[2];
    const chain = chains.get(chainId) ?? describeChain(chainId);
    chains.set(chainId, chain);
    if (setting === 'RPC_URL' || setting === 'PUBLIC_RPC_URL' || setting === 'EXPLORER_URL') {
      if (!URL_PATTERN.test(value)) {
        issues.push(`  ${name}: must be an http(s) or ws(s) URL`);
        continue;
      }
      if (setting === 'RPC_URL') chain.rpcUrl = value;
      else if (setting === 'PUBLIC_RPC_URL') chain.publicRpcUrl = value;
      else chain.explorerUrl = value;
    } else if (setting === 'NAME') {
      chain.name = value;
    } else if (setting === 'START_BLOCK') {
      if (!/^\d{1,15}$/.test(value)) {
        issues.push(`  ${name}: must be a block number`);
        continue;
      }
      chain.startBlock = BigInt(value);
    } else if (setting === 'HOT_WALLET_KEY') {
      // The message never repeats the value: it is a secret.
      if (!/^0x[0-9a-fA-F]{64}$/.test(value)) {
        issues.push(`  ${name}: must be a 0x-prefixed 32-byte private key`);
        continue;
      }
      chain.hotWalletKey = value as Hex;
    } else if (setting === 'USDT_DECIMALS') {
      if (!/^\d{1,2}$/.test(value) || Number(value) > 18) {
        issues.push(`  ${name}: must be a whole number from 0 to 18`);
        continue;
      }
      chain.usdtDecimals = Number(value);
    } else {
      if (!isAddress(value)) {
        issues.push(`  ${name}: must be a 0x address (with a valid checksum if mixed case)`);
        continue;
      }
      const address = getAddress(value);
      if (setting === 'USDT') chain.usdt = address;
      else if (setting === 'RECHARGE') chain.recharge = address;
      else if (setting === 'DEPOSIT_ADDRESS') chain.depositAddress = address;
      else chain.kpc = address;
    }
  }
  for (const chain of chains.values()) issues.push(...checkChain(chain));
  return { chains: [...chains.values()].sort((a, b) => a.chainId - b.chainId), issues };
}

/**
 * What a chain's settings cannot be, whatever the chain says (the start-up check reads the rest
 * from the chain itself, chain/verify-chain.ts): every address has one role, and USDT's decimals
 * are known.
 */
export function checkChain(chain: ChainSettings): string[] {
  const issues: string[] = [];
  const prefix = `  CHAIN_${chain.chainId}_`;
  if (chain.usdt && chain.usdtDecimals === null) {
    issues.push(`${prefix}USDT_DECIMALS: required for this chain (USDT has 6 decimals on some chains, 18 on others)`);
  }
  // A deposit address that is also a contract would count a contract's own transfers as deposits,
  // or lose the funds sent to it.
  const contracts = { USDT: chain.usdt, RECHARGE: chain.recharge, KPC: chain.kpc };
  for (const [setting, address] of Object.entries(contracts)) {
    if (address && chain.depositAddress && address === chain.depositAddress) {
      issues.push(`${prefix}DEPOSIT_ADDRESS: must not be the ${setting} contract (CHAIN_${chain.chainId}_${setting})`);
    }
  }
  return issues;
}
