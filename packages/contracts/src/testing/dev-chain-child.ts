// Test helper run as its own process by dev-chain.test.ts: starts a development chain, prints its RPC URL
// and waits to be killed.
import { startDevChain } from '../dev-chain.ts';

const chain = await startDevChain({ port: 0 });
process.stdout.write(`${JSON.stringify({ rpcUrl: chain.rpcUrl })}\n`);
