import { rechargeAbi } from '@kpc/contracts';
import {
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  erc20Abi,
  isAddressEqual,
  type Address,
  type PublicClient,
} from 'viem';
import type { ChainSettings } from '../config/chains.ts';

/** A read that returns nothing or reverts means the address is not the contract configured. */
function isNotTheContract(error: unknown): boolean {
  return (
    error instanceof ContractFunctionExecutionError &&
    (error.cause instanceof ContractFunctionZeroDataError || error.cause instanceof ContractFunctionRevertedError)
  );
}

/**
 * Checks a chain's settings against the chain itself: the node is on that chain, USDT has the
 * configured decimals, the Recharge contract takes that USDT, and the deposit address is not the
 * Recharge treasury (a contract deposit would then also look like a direct transfer). Returns one
 * line per mismatch, naming the setting; throws when the node does not answer.
 */
export async function findChainMismatches(client: PublicClient, chain: ChainSettings): Promise<string[]> {
  const setting = (name: string) => `CHAIN_${chain.chainId}_${name}`;
  const nodeChainId = await client.getChainId();
  if (nodeChainId !== chain.chainId) return [`${setting('RPC_URL')}: the node is on chain ${nodeChainId}`];

  const problems: string[] = [];
  const read = async <T>(name: string, call: () => Promise<T>): Promise<T | null> => {
    try {
      return await call();
    } catch (error) {
      if (!isNotTheContract(error)) throw error;
      problems.push(`${setting(name)}: no such contract on chain ${chain.chainId}`);
      return null;
    }
  };
  if (chain.usdt) {
    const usdt = chain.usdt;
    const decimals = await read('USDT', () =>
      client.readContract({ address: usdt, abi: erc20Abi, functionName: 'decimals' }),
    );
    if (decimals !== null && decimals !== chain.usdtDecimals) {
      problems.push(
        `${setting('USDT_DECIMALS')}: the token ${setting('USDT')} has ${decimals} decimals, the configuration says ${chain.usdtDecimals}`,
      );
    }
  }
  if (chain.recharge) {
    const recharge = chain.recharge;
    const token = await read('RECHARGE', () =>
      client.readContract({ address: recharge, abi: rechargeAbi, functionName: 'token' }),
    );
    if (token && chain.usdt && !isAddressEqual(token, chain.usdt)) {
      problems.push(`${setting('RECHARGE')}: the contract takes the token ${token}, not ${setting('USDT')}`);
    }
    const treasury: Address | null = token
      ? await read('RECHARGE', () =>
          client.readContract({ address: recharge, abi: rechargeAbi, functionName: 'treasury' }),
        )
      : null;
    if (treasury && chain.depositAddress && isAddressEqual(treasury, chain.depositAddress)) {
      problems.push(
        `${setting('DEPOSIT_ADDRESS')}: it is the Recharge contract's treasury, so every contract deposit would also be a transfer to it`,
      );
    }
  }
  return problems;
}
