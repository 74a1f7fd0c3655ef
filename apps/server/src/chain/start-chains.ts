import {
  DEV_ACCOUNTS,
  deployDevContracts,
  describeDevChain,
  startDevChain,
  type DevChain,
} from '@kpc/contracts/dev-chain';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config/env.ts';
import { configuredChainRuntime, devChainRuntime, type ChainRuntime } from './runtime.ts';

/**
 * Resolves the chains at start: the configured ones, or (development without RPC settings) a
 * fresh embedded Hardhat chain with the contracts deployed and the demo wallet funded.
 */
export async function startChains(
  config: Config,
  logger: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<{ runtime: ChainRuntime; devChain?: DevChain; banner?: string[] }> {
  if (!config.runsDevChain) {
    if (!config.chains.some((chain) => chain.rpcUrl)) {
      logger.warn('no chain RPC configured (CHAIN_<id>_RPC_URL): wallet sign-in works, on-chain features do not');
    }
    return { runtime: configuredChainRuntime(config) };
  }
  const devChain = await startDevChain({
    host: config.DEV_CHAIN_HOST,
    port: config.DEV_CHAIN_PORT,
    blockIntervalMs: config.DEV_CHAIN_BLOCK_SECONDS * 1000,
  });
  try {
    const deployment = await deployDevContracts({ rpcUrl: devChain.rpcUrl });
    logger.info(
      { rpcUrl: deployment.rpcUrl, usdt: deployment.usdt, kpc: deployment.kpc, recharge: deployment.recharge },
      'embedded development chain started, contracts deployed',
    );
    // The start-up banner's lines on the chain and the demo wallet (lib/startup-banner.ts).
    const banner = describeDevChain(deployment);
    const runtime = devChainRuntime(config, {
      ...deployment,
      depositAddress: DEV_ACCOUNTS.hotWallet.address,
      hotWalletKey: DEV_ACCOUNTS.hotWallet.privateKey,
    });
    return { runtime, devChain, banner };
  } catch (error) {
    await devChain.stop();
    throw error;
  }
}
