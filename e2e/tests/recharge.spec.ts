import { expect, test, type Page } from '@playwright/test';
import { DEV_ACCOUNTS } from '@kpc/contracts/dev-chain';
import { maskAddress } from '@kpc/shared';
import { createPublicClient, createWalletClient, erc20Abi, http, numberToHex, parseEther, parseUnits } from 'viem';
import type { Hash, Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { GENESIS_CODE } from '../support/constants.ts';
import { loginNewMember } from '../support/funds.ts';
import { expectToast } from '../support/journey.ts';
import { LOCAL_CHAIN_ID, mineBlocks, readLocalUsdt, rpc } from '../support/local-chain.ts';
import { CHAIN_RPC_URL, installTestWallet } from '../support/test-wallet.ts';

// Step 4 USDT in against the real server and its local chain. Recharge: a wallet member authorizes
// the Recharge contract, recharges, sees the confirmations count up and the balance rise at 20.
// Deposit: the transfer channel shows its address; Accelerate explains a hash that is no deposit.
// Each test uses a fresh wallet funded from the demo account, so it starts with no allowance and
// no deposits.

const WALLET_CHANNEL = `${LOCAL_CHAIN_ID}-wallet`;
const TRANSFER_CHANNEL = `${LOCAL_CHAIN_ID}-transfer`;

/** A new wallet with gas and `usdt` test USDT sent from the demo account; resolves with the funding transaction. */
async function fundNewWallet(page: Page, privateKey: Hex, usdt: string): Promise<Hash> {
  const address = privateKeyToAccount(privateKey).address;
  await rpc('hardhat_setBalance', [address, numberToHex(parseEther('10'))]);
  const token = await readLocalUsdt(page);
  const demo = createWalletClient({
    account: privateKeyToAccount(DEV_ACCOUNTS.demo.privateKey),
    transport: http(CHAIN_RPC_URL),
  });
  const hash = await demo.writeContract({
    address: token,
    abi: erc20Abi,
    functionName: 'transfer',
    args: [address, parseUnits(usdt, 6)],
    chain: null,
  });
  const receipt = await createPublicClient({ transport: http(CHAIN_RPC_URL) }).waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe('success');
  return hash;
}

/** Signs in with the page's test wallet as a new invited member (landing on Home), then opens Mine. */
async function signInWithWallet(page: Page) {
  await page.goto(`/#/pages/login/index?inviteCode=${GENESIS_CODE}`);
  await page.getByTestId('login-wallet').click();
  // Logging in lands on Home (Step 4d); Mine is one tab away.
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.getByTestId('tab-mine').click();
  await expect(page.getByTestId('mine-page')).toBeVisible();
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0);
}

test('a wallet member authorizes, recharges 12.5 USDT and is credited after 20 confirmations', async ({ page }) => {
  const privateKey = generatePrivateKey();
  await fundNewWallet(page, privateKey, '100');
  const wallet = await installTestWallet(page, { privateKey });
  await signInWithWallet(page);

  await page.goto('/#/pages/asset/index');
  await expect(page.getByTestId('asset-USDT-available')).toHaveText('0');
  await page.getByTestId('asset-action-recharge').click();
  await expect(page.getByTestId('recharge-page')).toBeVisible();
  await page.getByTestId(`recharge-channel-${WALLET_CHANNEL}`).click();
  await expect(page).toHaveURL(new RegExp(`channel=${WALLET_CHANNEL}$`));

  // The wallet is connected (restored after the page load) and holds 100 test USDT, none approved yet.
  await expect(page.getByTestId('recharge-wallet-account')).toContainText(maskAddress(wallet.address));
  await expect(page.getByTestId('recharge-amount-balance')).toHaveText('Wallet balance 100 USDT');
  await expect(page.getByTestId('recharge-step-authorize')).toHaveText(/Authorize$/);
  await expect(page.getByTestId('recharge-wallet-other-wallet')).toHaveCount(0);

  // SPEC §4: authorize, then authorized, then deposit.
  await page.getByTestId('recharge-authorize').click();
  await expectToast(page, 'Authorization success');
  await expect(page.getByTestId('recharge-step-authorize')).toHaveText(/Authorized$/);
  await expect(page.getByTestId('recharge-deposit')).toBeVisible();

  // SPEC §5: an amount is needed, of at least 5 USDT.
  await page.getByTestId('recharge-deposit').click();
  await expect(page.getByTestId('recharge-amount-error')).toHaveText('Enter recharge amount');
  await page.getByTestId('recharge-amount').fill('3');
  await page.getByTestId('recharge-deposit').click();
  await expect(page.getByTestId('recharge-amount-error')).toHaveText('The minimum amount is 5 USDT');

  await page.getByTestId('recharge-amount').fill('12.5');
  await page.getByTestId('recharge-deposit').click();
  await expectToast(page, 'Recharge sent. It is credited after 20 confirmations.');
  await expect(page.getByTestId('recharge-amount')).toHaveValue('');
  await expect(page.getByTestId('recharge-amount-balance')).toHaveText('Wallet balance 87.5 USDT');

  // The server sees it on the chain and counts confirmations n/20 (blocks come every 2 s).
  const row = page.getByTestId('recharge-deposit-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('recharge-deposit-amount')).toHaveText('12.5 USDT');
  await expect(row.getByTestId('recharge-deposit-status')).toHaveText('Confirming', { timeout: 15_000 });
  await expect(row.getByTestId('recharge-deposit-confirmations')).toHaveText(/^Confirmations ([1-9]|1\d)\/20$/);

  await mineBlocks(20);
  await expect(row.getByTestId('recharge-deposit-status')).toHaveText('Credited', { timeout: 20_000 });
  await expect(row.getByTestId('recharge-deposit-confirmations')).toHaveText('Confirmations 20/20');

  await page.goto('/#/pages/asset/index');
  await expect(page.getByTestId('asset-USDT-available')).toHaveText('12.5');
});

test('Deposit shows the address of its channel, and Accelerate explains a hash that is no deposit', async ({
  page,
}) => {
  const privateKey = generatePrivateKey();
  const fundingHash = await fundNewWallet(page, privateKey, '1');
  const wallet = await installTestWallet(page, { privateKey });
  await signInWithWallet(page);

  await page.goto(`/#/pages/asset/recharge?channel=${TRANSFER_CHANNEL}`);
  await expect(page.getByTestId('recharge-transfer')).toBeVisible();
  await expect(page.getByTestId('recharge-address')).toHaveText(DEV_ACCOUNTS.hotWallet.address);
  await expect(page.getByTestId('recharge-address-qr').locator('svg')).toBeVisible();
  // The development chain shows under its translated name, not the server's.
  await expect(page.getByTestId('recharge-network')).toHaveText('Local test network');
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('Deposit');
  await expect(page.getByTestId('recharge-minimum')).toHaveText('5 USDT');
  await expect(page.getByTestId('recharge-transfer-rules')).toContainText(
    'Deposits below 5 USDT are neither credited nor refunded.',
  );
  await expect(page.getByTestId('recharge-transfer-rules')).toContainText(
    `Only transfers from your bound wallet ${maskAddress(wallet.address)} are credited.`,
  );
  await expect(page.getByTestId('recharge-deposits-empty')).toBeVisible();
  await page.getByTestId('recharge-address-copy').click();
  await expectToast(page, 'Copied');

  await page.getByTestId('recharge-accelerate-link').click();
  await expect(page.getByTestId('recharge-accelerate-sheet')).toBeVisible();
  await page.getByTestId('recharge-accelerate-submit').click();
  await expect(page.getByTestId('recharge-accelerate-error')).toHaveText('Enter the transaction hash');
  await page.getByTestId('recharge-accelerate-hash').fill('0x1234');
  await page.getByTestId('recharge-accelerate-submit').click();
  await expect(page.getByTestId('recharge-accelerate-error')).toHaveText(
    'Enter a valid transaction hash (0x followed by 64 hex characters)',
  );

  // A hash the chain has never seen, then a real transaction that is not a deposit of this member.
  await page.getByTestId('recharge-accelerate-hash').fill(`0x${'7'.repeat(64)}`);
  await page.getByTestId('recharge-accelerate-submit').click();
  await expectToast(
    page,
    'No transaction with this hash was found on Local test network. Check the hash and the network.',
  );
  await expect(page.getByTestId('recharge-accelerate-sheet')).toBeVisible();
  await page.getByTestId('recharge-accelerate-hash').fill(fundingHash);
  await page.getByTestId('recharge-accelerate-submit').click();
  await expectToast(page, 'This transaction is not a USDT deposit to KPC from your bound wallet.');
  await expect(page.getByTestId('recharge-accelerate-sheet')).toBeVisible();
});

test('Home: Recharge and Deposit each open their own method, paused and unopened networks refused', async ({
  page,
}) => {
  await installTestWallet(page, { privateKey: generatePrivateKey() });
  await signInWithWallet(page);
  // Operators pause a channel in the database (`payment_channels`); the journey pauses it on the way.
  await page.route('**/api/recharge/channels', async (route) => {
    const body = await (await route.fetch()).json();
    for (const channel of body.data.list) if (channel.id === WALLET_CHANNEL) channel.status = 'paused';
    await route.fulfill({ json: body });
  });

  // Recharge: the wallet through the Recharge contract; only its networks, under its name.
  await page.goto('/#/pages/home/index');
  await expect(page.getByTestId('home-tile-recharge')).toHaveText('Recharge');
  await page.getByTestId('home-tile-recharge').click();
  await expect(page.getByTestId('recharge-page')).toBeVisible();
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('Recharge');
  await expect(page.getByTestId(`recharge-channel-${WALLET_CHANNEL}-status`)).toHaveText('Paused');
  // Polygon is allowed but has nothing configured in the journeys.
  await expect(page.getByTestId('recharge-channel-137-wallet-status')).toHaveText('Not open yet');
  await expect(page.getByTestId(`recharge-channel-${TRANSFER_CHANNEL}`)).toHaveCount(0);

  await page.getByTestId(`recharge-channel-${WALLET_CHANNEL}`).click();
  await expectToast(page, 'The current channel is temporarily unavailable.');
  await page.getByTestId('recharge-channel-137-wallet').click();
  await expectToast(page, 'This channel is not open yet.');
  await expect(page.getByTestId('recharge-channel')).toHaveCount(0);
  await expect(page).toHaveURL(/channel=wallet$/);

  // Deposit: USDT to the shown address.
  await page.goto('/#/pages/home/index');
  await expect(page.getByTestId('home-tile-deposit')).toHaveText('Deposit');
  await page.getByTestId('home-tile-deposit').click();
  await expect(page.locator('.adm-nav-bar-title')).toHaveText('Deposit');
  await expect(page.getByTestId(`recharge-channel-${TRANSFER_CHANNEL}-status`)).toHaveText('Open');
  await expect(page.getByTestId(`recharge-channel-${WALLET_CHANNEL}`)).toHaveCount(0);
  await page.getByTestId(`recharge-channel-${TRANSFER_CHANNEL}`).click();
  await expect(page.getByTestId('recharge-transfer')).toBeVisible();
  await expect(page.getByTestId('recharge-address-qr')).toBeVisible();
});

test('an email member binds the wallet from the recharge page, and a wallet on another network is told to switch', async ({
  page,
}) => {
  await installTestWallet(page, { privateKey: generatePrivateKey(), chainId: 137 });
  await loginNewMember(page, 'recharge-bind');

  await page.goto(`/#/pages/asset/recharge?channel=${WALLET_CHANNEL}`);
  await expect(page.getByTestId('recharge-wallet-not-bound')).toContainText('Bind your wallet first.');
  await page.getByTestId('recharge-connect').click();
  await expect(page.getByTestId('recharge-wallet-account')).toContainText('Connected');
  // Polygon is an allowed chain, but this channel is on the local chain.
  await expect(page.getByTestId('recharge-wrong-network')).toContainText('network ID 31337');

  await page.getByTestId('recharge-wallet-bind').click();
  await page.getByTestId('bind-wallet-submit').click();
  await expectToast(page, 'Bound successfully');
  await expect(page.getByTestId('recharge-wallet-not-bound')).toHaveCount(0);

  await page.getByTestId('recharge-authorize').click();
  await expectToast(page, 'Please switch to the correct network. Required network ID: 31337');
});
