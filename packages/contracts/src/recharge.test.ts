import { decodeEventLog, parseUnits, zeroAddress, type Abi, type Address, type Hash, type Hex, type Log } from 'viem';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEV_ACCOUNTS, deployDevContracts, startDevChain, type DevChain, type DevDeployment } from './dev-chain.ts';
import { compileSolidity } from '../scripts/compile-contracts.ts';
import { rechargeAbi, rechargeBytecode, testKpcAbi, testUsdtAbi } from './generated/artifacts.ts';
import { createChainClients, revertErrorName } from './testing/chain-clients.ts';

let chain: DevChain;
let deployment: DevDeployment;
let clients: ReturnType<typeof createChainClients>;
let snapshotId: Hex;

const member = DEV_ACCOUNTS.demo;
const stranger = DEV_ACCOUNTS.spare[0];
const newTreasury = DEV_ACCOUNTS.spare[1].address;
const usdt = (amount: string) => parseUnits(amount, 6);

beforeAll(async () => {
  chain = await startDevChain({ port: 0 });
  deployment = await deployDevContracts({ rpcUrl: chain.rpcUrl });
  clients = createChainClients(chain.rpcUrl);
});
afterAll(async () => {
  await chain?.stop();
});
// Each test starts from the fresh deployment.
beforeEach(async () => {
  snapshotId = await clients.testClient.snapshot();
});
afterEach(async () => {
  await clients.testClient.revert({ id: snapshotId });
});

function usdtBalanceOf(account: Address) {
  return clients.publicClient.readContract({
    address: deployment.usdt,
    abi: testUsdtAbi,
    functionName: 'balanceOf',
    args: [account],
  });
}

async function mined(hash: Hash) {
  const receipt = await clients.publicClient.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return receipt;
}

async function approve(amount: bigint) {
  await mined(
    await clients.walletOf(member.privateKey).writeContract({
      address: deployment.usdt,
      abi: testUsdtAbi,
      functionName: 'approve',
      args: [deployment.recharge, amount],
    }),
  );
}

function deposit(amount: bigint, options: { gas?: bigint } = {}) {
  return clients.walletOf(member.privateKey).writeContract({
    address: deployment.recharge,
    abi: rechargeAbi,
    functionName: 'deposit',
    args: [amount],
    ...options,
  });
}

function setTreasury(privateKey: Hex, treasury: Address) {
  return clients.walletOf(privateKey).writeContract({
    address: deployment.recharge,
    abi: rechargeAbi,
    functionName: 'setTreasury',
    args: [treasury],
  });
}

/** Recharge events in `logs`, decoded. */
function rechargeEvents(logs: readonly Log[], recharge: Address = deployment.recharge) {
  return logs
    .filter((log) => log.address.toLowerCase() === recharge.toLowerCase())
    .map((log) => decodeEventLog({ abi: rechargeAbi, data: log.data, topics: log.topics }));
}

describe('Recharge.deposit', () => {
  it('moves the amount from the member to the treasury and emits Deposited(member, amount)', async () => {
    const amount = usdt('125.5');
    const memberBefore = await usdtBalanceOf(member.address);
    const treasuryBefore = await usdtBalanceOf(deployment.treasury);
    await approve(amount);

    const receipt = await mined(await deposit(amount));

    expect(await usdtBalanceOf(member.address)).toBe(memberBefore - amount);
    expect(await usdtBalanceOf(deployment.treasury)).toBe(treasuryBefore + amount);
    expect(await usdtBalanceOf(deployment.recharge)).toBe(0n);
    expect(rechargeEvents(receipt.logs)).toEqual([
      { eventName: 'Deposited', args: { member: member.address, amount } },
    ]);
  });

  it('reverts without an allowance and moves nothing', async () => {
    const memberBefore = await usdtBalanceOf(member.address);
    const treasuryBefore = await usdtBalanceOf(deployment.treasury);

    expect(await revertErrorName(deposit(usdt('10')))).toBe('ERC20InsufficientAllowance');
    // Sent anyway (fixed gas skips the estimate): mined as failed, no event, no funds moved.
    const receipt = await clients.publicClient.waitForTransactionReceipt({
      hash: await deposit(usdt('10'), { gas: 200_000n }),
    });
    expect(receipt.status).toBe('reverted');
    expect(receipt.logs).toEqual([]);

    expect(await usdtBalanceOf(member.address)).toBe(memberBefore);
    expect(await usdtBalanceOf(deployment.treasury)).toBe(treasuryBefore);
  });

  it('reverts on an amount of 0', async () => {
    await approve(usdt('10'));
    expect(await revertErrorName(deposit(0n))).toBe('ZeroAmount');
  });
});

describe('Recharge with a fee-on-transfer token', () => {
  // Keeps 1% of every transfer; test-only, so it lives here and not in contracts/.
  const feeTokenSource = `
    // SPDX-License-Identifier: MIT
    pragma solidity ^0.8.20;
    import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";
    contract FeeOnTransferToken is ERC20 {
        constructor() ERC20("Fee token", "FEE") { _mint(msg.sender, 1e24); }
        function _update(address from, address to, uint256 value) internal override {
            if (from != address(0) && to != address(0)) {
                uint256 fee = value / 100;
                super._update(from, address(0), fee);
                value -= fee;
            }
            super._update(from, to, value);
        }
    }`;

  it('credits what the treasury received, not the amount asked', async () => {
    const feeToken = compileSolidity({ 'test/FeeOnTransferToken.sol': feeTokenSource })['test/FeeOnTransferToken.sol']
      ?.FeeOnTransferToken;
    if (!feeToken) throw new Error('FeeOnTransferToken did not compile');
    const abi = feeToken.abi as Abi;
    const owner = clients.walletOf(DEV_ACCOUNTS.deployer.privateKey);
    const contractAt = async (hash: Hash) => (await mined(hash)).contractAddress!;

    const token = await contractAt(await owner.deployContract({ abi, bytecode: `0x${feeToken.evm.bytecode.object}` }));
    const recharge = await contractAt(
      await owner.deployContract({
        abi: rechargeAbi,
        bytecode: rechargeBytecode,
        args: [token, deployment.treasury, DEV_ACCOUNTS.deployer.address],
      }),
    );
    await mined(await owner.writeContract({ address: token, abi, functionName: 'approve', args: [recharge, 1000n] }));
    const receipt = await mined(
      await owner.writeContract({ address: recharge, abi: rechargeAbi, functionName: 'deposit', args: [1000n] }),
    );

    expect(rechargeEvents(receipt.logs, recharge)).toEqual([
      { eventName: 'Deposited', args: { member: DEV_ACCOUNTS.deployer.address, amount: 990n } },
    ]);
    expect(
      await clients.publicClient.readContract({
        address: token,
        abi,
        functionName: 'balanceOf',
        args: [deployment.treasury],
      }),
    ).toBe(990n);
  });
});

describe('Recharge.setTreasury', () => {
  it('lets the owner move the treasury; later deposits go to the new one', async () => {
    const receipt = await mined(await setTreasury(DEV_ACCOUNTS.deployer.privateKey, newTreasury));
    expect(rechargeEvents(receipt.logs)).toEqual([
      {
        eventName: 'TreasuryChanged',
        args: { previousTreasury: deployment.treasury, newTreasury },
      },
    ]);
    expect(
      await clients.publicClient.readContract({
        address: deployment.recharge,
        abi: rechargeAbi,
        functionName: 'treasury',
      }),
    ).toBe(newTreasury);

    const oldTreasuryBefore = await usdtBalanceOf(deployment.treasury);
    await approve(usdt('7'));
    await mined(await deposit(usdt('7')));
    expect(await usdtBalanceOf(newTreasury)).toBe(usdt('7'));
    expect(await usdtBalanceOf(deployment.treasury)).toBe(oldTreasuryBefore);
  });

  it('rejects any other account', async () => {
    expect(await revertErrorName(setTreasury(stranger.privateKey, stranger.address))).toBe(
      'OwnableUnauthorizedAccount',
    );
  });

  it('rejects the zero address and the contract itself', async () => {
    expect(await revertErrorName(setTreasury(DEV_ACCOUNTS.deployer.privateKey, zeroAddress))).toBe('InvalidTreasury');
    expect(await revertErrorName(setTreasury(DEV_ACCOUNTS.deployer.privateKey, deployment.recharge))).toBe(
      'InvalidTreasury',
    );
  });
});

describe('test tokens', () => {
  it('TestUSDT has 6 decimals and only its owner mints', async () => {
    const read = (functionName: 'decimals' | 'symbol' | 'name') =>
      clients.publicClient.readContract({ address: deployment.usdt, abi: testUsdtAbi, functionName });
    expect([await read('name'), await read('symbol'), await read('decimals')]).toEqual(['Test USDT', 'USDT', 6]);

    const mint = (privateKey: Hex) =>
      clients.walletOf(privateKey).writeContract({
        address: deployment.usdt,
        abi: testUsdtAbi,
        functionName: 'mint',
        args: [stranger.address, usdt('5')],
      });
    expect(await revertErrorName(mint(stranger.privateKey))).toBe('OwnableUnauthorizedAccount');
    await mined(await mint(DEV_ACCOUNTS.deployer.privateKey));
    expect(await usdtBalanceOf(stranger.address)).toBe(usdt('5'));
  });

  it('TestKPC has 18 decimals and only its owner mints', async () => {
    const read = (functionName: 'decimals' | 'symbol' | 'name') =>
      clients.publicClient.readContract({ address: deployment.kpc, abi: testKpcAbi, functionName });
    expect([await read('name'), await read('symbol'), await read('decimals')]).toEqual(['Test KPC', 'KPC', 18]);
    expect(
      await revertErrorName(
        clients.walletOf(stranger.privateKey).writeContract({
          address: deployment.kpc,
          abi: testKpcAbi,
          functionName: 'mint',
          args: [stranger.address, 1n],
        }),
      ),
    ).toBe('OwnableUnauthorizedAccount');
  });
});
