// Browser-safe entry point: ABIs, bytecode and constants only (no node imports). The development chain
// itself is in `@kpc/contracts/dev-chain`.
export {
  rechargeAbi,
  rechargeBytecode,
  testKpcAbi,
  testKpcBytecode,
  testUsdtAbi,
  testUsdtBytecode,
} from './generated/artifacts.ts';

/** Chain id of the local development chain (Hardhat's default). */
export const DEV_CHAIN_ID = 31337;

/** Network name suggested for the development chain when adding it to a browser wallet. */
export const DEV_CHAIN_NAME = 'Local test network';
