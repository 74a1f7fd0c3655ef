// The embedded development chain (node only): a Hardhat node in a child process, the well-known test
// accounts and a deployment of the KPC contracts on it. Used by `npm start` and by tests.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';
import {
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  parseUnits,
  type Address,
  type Hash,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import {
  DEV_CHAIN_ID,
  DEV_CHAIN_NAME,
  rechargeAbi,
  rechargeBytecode,
  testKpcAbi,
  testKpcBytecode,
  testUsdtAbi,
  testUsdtBytecode,
} from './index.ts';

/** A running development chain. */
export interface DevChain {
  /** JSON-RPC endpoint, e.g. `http://127.0.0.1:8545`. */
  rpcUrl: string;
  chainId: number;
  /** Kills the node and resolves once it has exited. Safe to call more than once. */
  stop(): Promise<void>;
}

export interface StartDevChainOptions {
  /** Interface to listen on. */
  host?: string;
  /** Port to listen on; 0 lets the system pick a free one (read it from `rpcUrl`). */
  port?: number;
  /** Mine a block every this many milliseconds besides one per transaction; 0 = one per transaction only. */
  blockIntervalMs?: number;
  /** Receives every output line of the node. */
  log?: (line: string) => void;
}

export interface DevAccount {
  address: Address;
  privateKey: Hex;
}

/**
 * The first ten default Hardhat accounts (mnemonic "test test test test test test test test test test test
 * junk"), each funded with 10,000 ETH on the development chain.
 *
 * THESE KEYS ARE PUBLIC: they are printed by every Hardhat and Anvil install and bots sweep any real funds
 * sent to them on any chain within seconds. Use them on the local development chain only.
 */
export const DEV_ACCOUNTS = {
  /** #0: deploys and owns TestUSDT, TestKPC and Recharge. */
  deployer: {
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  },
  /** #1: the newcomer's demo wallet, holding test USDT and KPC. */
  demo: {
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  },
  /** #2: receives deposits made through Recharge. */
  treasury: {
    address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    privateKey: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  },
  /** #3: pays withdrawals; holds test USDT. */
  hotWallet: {
    address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    privateKey: '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  },
  /** #4..#9: free for tests. */
  spare: [
    {
      address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
      privateKey: '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
    },
    {
      address: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
      privateKey: '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
    },
    {
      address: '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
      privateKey: '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
    },
    {
      address: '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
      privateKey: '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
    },
    {
      address: '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
      privateKey: '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
    },
    {
      address: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
      privateKey: '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
    },
  ],
} as const satisfies Record<'deployer' | 'demo' | 'treasury' | 'hotWallet', DevAccount> & {
  spare: readonly DevAccount[];
};

const require = createRequire(import.meta.url);
const hardhatCliPath = require.resolve('hardhat/internal/cli/bootstrap.js');
const hardhatConfigPath = fileURLToPath(new URL('../hardhat.config.cjs', import.meta.url));
const exitWithParentPath = fileURLToPath(new URL('./exit-with-parent.cjs', import.meta.url));
const packageDir = fileURLToPath(new URL('..', import.meta.url));

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 5_000;
const KEPT_OUTPUT_LINES = 30;
/** Printed by `hardhat node` once its server listens, with the port it got. */
const LISTENING_LINE = /Started HTTP and WebSocket JSON-RPC server at http:\/\/.*:(\d+)\/?$/;

/** The address a client dials for a listening address (wildcards mean "this machine"). */
function formatRpcUrl(host: string, port: number): string {
  if (host === '0.0.0.0') return `http://127.0.0.1:${port}`;
  if (host === '::') return `http://[::1]:${port}`;
  return host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

/**
 * Starts a Hardhat node (chain id 31337, default accounts) as a child process and resolves once it answers
 * `eth_chainId`. The child exits when this process dies in any way, including SIGKILL.
 *
 * Rejects with the node's last output lines if it exits early (e.g. the port is taken) or is not ready
 * within 60 s.
 */
export async function startDevChain({
  host = '127.0.0.1',
  port = 8545,
  blockIntervalMs = 0,
  log,
}: StartDevChainOptions = {}): Promise<DevChain> {
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new RangeError(`Invalid port ${port}`);
  if (!Number.isSafeInteger(blockIntervalMs) || blockIntervalMs < 0) {
    throw new RangeError(`Invalid block interval ${blockIntervalMs} ms`);
  }

  const child = spawn(
    process.execPath,
    [
      '--require',
      exitWithParentPath,
      hardhatCliPath,
      'node',
      '--config',
      hardhatConfigPath,
      '--hostname',
      host,
      '--port',
      String(port),
    ],
    {
      cwd: packageDir,
      env: {
        ...process.env,
        HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
        KPC_DEV_CHAIN_BLOCK_MS: String(blockIntervalMs),
      },
      // stdin stays an open pipe on purpose: its closing is how the child learns that we died.
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );

  const recentLines: string[] = [];
  let onListening: (listeningPort: number) => void = () => undefined;
  const listening = new Promise<number>((resolve) => (onListening = resolve));
  const readLines = (stream: NodeJS.ReadableStream) => {
    let partial = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (partial + chunk).split(/\r?\n/);
      partial = lines.pop() ?? '';
      for (const rawLine of lines) {
        const line = stripVTControlCharacters(rawLine);
        if (line.trim() === '') continue;
        recentLines.push(line);
        if (recentLines.length > KEPT_OUTPUT_LINES) recentLines.shift();
        log?.(line);
        const match = LISTENING_LINE.exec(line);
        if (match?.[1]) onListening(Number(match[1]));
      }
    });
  };
  readLines(child.stdout);
  readLines(child.stderr);
  const failure = (message: string) =>
    new Error(`${message}\nLast output of the development chain:\n${recentLines.join('\n') || '(none)'}`);

  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let isStopping = false;
  const stop = async () => {
    isStopping = true;
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const forceKill = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(forceKill);
    }
  };

  const endpoint = `${host}:${port === 0 ? '(any free port)' : port}`;
  let timer: NodeJS.Timeout | undefined;
  const earlyEnd = new Promise<never>((_, reject) => {
    child.once('error', (error) => reject(failure(`Could not start the development chain: ${error.message}`)));
    child.once('exit', (code, signal) =>
      reject(failure(`The development chain on ${endpoint} exited (${signal ?? `code ${code}`}) before it was ready.`)),
    );
    timer = setTimeout(
      () => reject(failure(`The development chain on ${endpoint} was not ready within ${START_TIMEOUT_MS / 1000} s.`)),
      START_TIMEOUT_MS,
    );
  });
  // Wait for our child's own "listening" line before asking eth_chainId, so another node already on the
  // port cannot answer in its place.
  const ready = async () => {
    const rpcUrl = formatRpcUrl(host, await listening);
    const client = createPublicClient({ transport: http(rpcUrl) });
    const chainId = await client.getChainId();
    if (chainId !== DEV_CHAIN_ID) throw new Error(`Expected chain id ${DEV_CHAIN_ID} at ${rpcUrl}, got ${chainId}`);
    return { rpcUrl, chainId };
  };

  try {
    const { rpcUrl, chainId } = await Promise.race([ready(), earlyEnd]);
    child.once('exit', (code, signal) => {
      if (!isStopping) log?.(`The development chain exited unexpectedly (${signal ?? `code ${code}`}).`);
    });
    return { rpcUrl, chainId, stop };
  } catch (error) {
    await stop();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** The KPC contracts on a development chain, and where the demo wallet's test funds are. */
export interface DevDeployment {
  chainId: number;
  rpcUrl: string;
  /** TestUSDT (6 decimals unless deployed with others). */
  usdt: Address;
  usdtDecimals: number;
  /** TestKPC (18 decimals). */
  kpc: Address;
  recharge: Address;
  /** Receives Recharge deposits (DEV_ACCOUNTS.treasury). */
  treasury: Address;
  /** The demo wallet (DEV_ACCOUNTS.demo), holding 1,000,000 test USDT and 1,000,000 test KPC. */
  demo: DevAccount;
}

async function waitForSuccess(client: PublicClient, hash: Hash, what: string) {
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`${what} reverted (transaction ${hash})`);
  return receipt;
}

async function waitForContract(client: PublicClient, hash: Hash, name: string): Promise<Address> {
  const { contractAddress } = await waitForSuccess(client, hash, `Deploying ${name}`);
  if (!contractAddress) throw new Error(`Deploying ${name} created no contract (transaction ${hash})`);
  return getAddress(contractAddress);
}

/**
 * Deploys TestUSDT, TestKPC and Recharge (treasury DEV_ACCOUNTS.treasury, owner DEV_ACCOUNTS.deployer)
 * from the deployer, in this order, so a fresh chain always gets the same addresses. Mints 1,000,000 USDT
 * and 1,000,000 KPC to the demo wallet and 1,000,000 USDT to the hot wallet. Resolves once every
 * transaction is mined. `usdtDecimals` (default 6, as on Ethereum and Polygon; BSC's USDT has 18)
 * lets tests prove amounts are converted at the chain edge.
 */
export async function deployDevContracts({
  rpcUrl,
  usdtDecimals = 6,
}: {
  rpcUrl: string;
  usdtDecimals?: number;
}): Promise<DevDeployment> {
  const transport = http(rpcUrl);
  const publicClient = createPublicClient({ chain: hardhat, transport, pollingInterval: 50 });
  const deployer = createWalletClient({
    account: privateKeyToAccount(DEV_ACCOUNTS.deployer.privateKey),
    chain: hardhat,
    transport,
  });
  const chainId = await publicClient.getChainId();

  const usdt = await waitForContract(
    publicClient,
    await deployer.deployContract({ abi: testUsdtAbi, bytecode: testUsdtBytecode, args: [usdtDecimals] }),
    'TestUSDT',
  );
  const kpc = await waitForContract(
    publicClient,
    await deployer.deployContract({ abi: testKpcAbi, bytecode: testKpcBytecode }),
    'TestKPC',
  );
  const treasury = DEV_ACCOUNTS.treasury.address;
  const recharge = await waitForContract(
    publicClient,
    await deployer.deployContract({
      abi: rechargeAbi,
      bytecode: rechargeBytecode,
      args: [usdt, treasury, DEV_ACCOUNTS.deployer.address],
    }),
    'Recharge',
  );

  const million = '1000000';
  const mints = [
    { address: usdt, abi: testUsdtAbi, to: DEV_ACCOUNTS.demo.address, amount: parseUnits(million, usdtDecimals) },
    { address: kpc, abi: testKpcAbi, to: DEV_ACCOUNTS.demo.address, amount: parseUnits(million, 18) },
    { address: usdt, abi: testUsdtAbi, to: DEV_ACCOUNTS.hotWallet.address, amount: parseUnits(million, usdtDecimals) },
  ];
  for (const { address, abi, to, amount } of mints) {
    const hash = await deployer.writeContract({ address, abi, functionName: 'mint', args: [to, amount] });
    await waitForSuccess(publicClient, hash, `Minting to ${to}`);
  }

  return {
    chainId,
    rpcUrl,
    usdt,
    usdtDecimals,
    kpc,
    recharge,
    treasury,
    demo: { address: DEV_ACCOUNTS.demo.address, privateKey: DEV_ACCOUNTS.demo.privateKey },
  };
}

/** The lines the server prints at start so a developer can point a browser wallet at the chain. */
export function describeDevChain(deployment: DevDeployment): string[] {
  const { rpcUrl, chainId, demo, usdt, usdtDecimals, kpc, recharge, treasury } = deployment;
  return [
    `Development chain: ${rpcUrl} (chain id ${chainId})`,
    `Add it to a browser wallet: network name "${DEV_CHAIN_NAME}", RPC URL ${rpcUrl}, chain id ${chainId}, currency symbol ETH`,
    `Demo account: ${demo.address}`,
    `Demo account private key: ${demo.privateKey} (a public Hardhat test key: import it on this chain only, never send real funds to it)`,
    `Tokens to import in the wallet: USDT ${usdt} (${usdtDecimals} decimals), KPC ${kpc} (18 decimals)`,
    `Recharge contract: ${recharge} (deposits go to the treasury ${treasury})`,
  ];
}
