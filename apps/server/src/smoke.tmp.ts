// Proves the Step 4 "done when": a newcomer on `npm start` deposits from the demo account and withdraws back.
import { buildWalletMessage } from '@kpc/shared';
import { DEV_ACCOUNTS } from '@kpc/contracts/dev-chain';
import { rechargeAbi, testUsdtAbi } from '@kpc/contracts';
import { createPublicClient, createWalletClient, erc20Abi, http, parseUnits, formatUnits } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';

const base = process.env.BASE ?? 'http://localhost:8080';
const rpc = process.env.RPC ?? 'http://127.0.0.1:8545';
let token = '';
async function call(path: string, body: unknown = {}) {
  const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { token } : {}) }, body: JSON.stringify(body) });
  const json = (await res.json()) as { code: number; msg: string; data: any };
  if (json.code !== 200) throw new Error(`${path}: ${json.code} ${json.msg}`);
  return json.data;
}
async function lastCode(email: string) {
  for (let i = 0; i < 30; i++) {
    const html = await (await fetch(base + '/dev/mailbox')).text();
    const idx = html.indexOf(`to ${email}`);
    if (idx >= 0) { const m = /\b(\d{6})\b/.exec(html.slice(idx)); if (m) return m[1]!; }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('no code');
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const t0 = Date.now();
const email = `newcomer-${Date.now()}@example.com`;
await call('/api/acc/sendCode', { email, purpose: 'register' });
const code = await lastCode(email);
await call('/api/acc/register', { email, password: 'correct horse 1', confirmPassword: 'correct horse 1', code, inviteCode: process.env.GENESIS ?? 'GENESIS1', agreed: true });
token = (await call('/api/acc/loginEmail', { type: 1, email, password: 'correct horse 1' })).token;
const demo = privateKeyToAccount(DEV_ACCOUNTS.demo.privateKey);
const { auth } = await call('/api/acc/auth');
const random = buildWalletMessage({ purpose: 'bind', origin: base, address: demo.address, chainId: 31337, nonce: auth });
await call('/api/acc/bindWallet', { random, sign: await demo.signMessage({ message: random }), address: demo.address });
const channels = (await call('/api/recharge/channels')).list;
const wallet = channels.find((c: any) => c.id === '31337-wallet');
console.log('channel', wallet.id, wallet.status);
const client = createPublicClient({ chain: hardhat, transport: http(rpc) });
const walletClient = createWalletClient({ account: demo, chain: hardhat, transport: http(rpc) });
const bal = () => client.readContract({ address: wallet.token, abi: erc20Abi, functionName: 'balanceOf', args: [demo.address] });
const startBal = await bal();
const approve = await walletClient.writeContract({ address: wallet.token, abi: testUsdtAbi, functionName: 'approve', args: [wallet.contract, parseUnits(wallet.approveQuantity, 6)] });
await client.waitForTransactionReceipt({ hash: approve });
const dep = await walletClient.writeContract({ address: wallet.contract, abi: rechargeAbi, functionName: 'deposit', args: [parseUnits('42', 6)] });
await client.waitForTransactionReceipt({ hash: dep });
const tDep = Date.now();
for (;;) {
  const list = (await call('/api/recharge/pending', { chainId: 31337 })).list;
  const mine = list.find((d: any) => d.txHash === dep.toLowerCase());
  if (mine?.status === 'credited') break;
  process.stdout.write(`${mine ? mine.confirmations : '-'}/20 `);
  await sleep(2000);
}
console.log(`\ncredited after ${((Date.now() - tDep) / 1000).toFixed(1)} s`);
const usdt = (await call('/api/ass/lst')).lst.find((r: any) => r.asset === 'USDT');
console.log('available', usdt.available);
await call('/api/withdraw/sendCode');
await sleep(500);
const wcode = await lastCode(email);
const w = await call('/api/withdraw/apply', { requestId: crypto.randomUUID(), chainId: 31337, asset: 'USDT', address: demo.address, amount: '20', code: wcode });
console.log('withdrawal', w.status, 'fee', w.fee, w.feeFrom, 'received', w.received);
const tW = Date.now();
for (;;) {
  const h = (await call('/api/ass/history', { kind: 'withdraw' })).list[0];
  if (h.status === 'completed' || h.status === 'failed') { console.log(`withdrawal ${h.status} after ${((Date.now() - tW) / 1000).toFixed(1)} s, tx ${h.txHash}`); break; }
  await sleep(2000);
}
const endBal = await bal();
console.log('demo on-chain USDT change', formatUnits(endBal - startBal, 6), '(expected -42 + 20 = -22)');
const after = (await call('/api/ass/lst')).lst.find((r: any) => r.asset === 'USDT');
console.log('member available', after.available, 'frozen', after.frozen, `total ${((Date.now() - t0) / 1000).toFixed(1)} s`);
