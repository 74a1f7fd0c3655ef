// The embedded development chain: `startDevChain` (src/dev-chain.ts) runs `hardhat node --config` with this
// file. CommonJS because the package is ESM and Hardhat 2 loads its config with require().

const rawBlockInterval = process.env.KPC_DEV_CHAIN_BLOCK_MS ?? '0';
const blockIntervalMs = Number(rawBlockInterval);
if (!/^\d+$/.test(rawBlockInterval) || !Number.isSafeInteger(blockIntervalMs)) {
  throw new Error(`KPC_DEV_CHAIN_BLOCK_MS must be a whole number of milliseconds >= 0, got "${rawBlockInterval}"`);
}

/** @type {import('hardhat/config').HardhatUserConfig} */
module.exports = {
  networks: {
    hardhat: {
      chainId: 31337,
      // Pinned so a Hardhat upgrade cannot change gas or opcode rules under us. The contracts are compiled
      // for paris (scripts/compile-contracts.ts), which every later fork runs.
      hardfork: 'prague',
      // Every transaction is mined at once; with an interval, empty blocks keep coming too, so
      // confirmation counts advance as on a real chain. 0 = no interval.
      mining: { auto: true, interval: blockIntervalMs },
      // Like a real node: a reverting transaction is still mined and shows up as a failed receipt,
      // while eth_call and gas estimation still report the revert.
      throwOnTransactionFailures: false,
      throwOnCallFailures: true,
      // The server polls the chain; logging every call would drown the output.
      loggingEnabled: false,
      // No `accounts`: the default Hardhat accounts from the public test mnemonic
      // "test test test test test test test test test test test junk" (see DEV_ACCOUNTS).
    },
  },
};
