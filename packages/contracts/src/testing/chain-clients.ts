// Test helpers: viem clients on a development chain, and the name of the custom error a call reverted with.
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createTestClient,
  createWalletClient,
  decodeErrorResult,
  http,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { rechargeAbi, testKpcAbi, testUsdtAbi } from '../generated/artifacts.ts';

/** Clients for one chain: `walletOf(privateKey)` signs as that account. */
export function createChainClients(rpcUrl: string) {
  // viem retries internal RPC errors, and Hardhat reports reverts as one: fail at once instead.
  const transport = http(rpcUrl, { retryCount: 0 });
  return {
    publicClient: createPublicClient({ chain: hardhat, transport, pollingInterval: 50 }),
    testClient: createTestClient({ chain: hardhat, mode: 'hardhat', transport }),
    walletOf: (privateKey: Hex) =>
      createWalletClient({ account: privateKeyToAccount(privateKey), chain: hardhat, transport }),
  };
}

const knownErrors = [...rechargeAbi, ...testUsdtAbi, ...testKpcAbi].filter((item) => item.type === 'error');

/** Awaits a call that must revert and returns the name of the custom error it reverted with. */
export async function revertErrorName(call: Promise<unknown>): Promise<string> {
  const error = await call.then(
    () => {
      throw new Error('Expected the call to revert, but it succeeded');
    },
    (thrown: unknown) => thrown,
  );
  const reverted =
    error instanceof BaseError ? error.walk((cause) => cause instanceof ContractFunctionRevertedError) : null;
  if (!(reverted instanceof ContractFunctionRevertedError) || !reverted.raw) throw error;
  return decodeErrorResult({ abi: knownErrors, data: reverted.raw }).errorName;
}
