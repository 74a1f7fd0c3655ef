import { expect, test, type Page } from '@playwright/test';
import { maskAddress } from '@kpc/shared';
import { encodeFunctionData, erc20Abi, parseUnits, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { GENESIS_CODE } from '../support/constants.ts';
import { loginNewMember, readToken, seedFunds } from '../support/funds.ts';
import { readCodeFromMail } from '../support/mail.ts';
import { LOCAL_CHAIN_ID, LOCAL_NETWORK_NAME, mineBlocks, readLocalUsdt, rpc } from '../support/local-chain.ts';
import { expectToast } from '../support/journey.ts';
import { installTestWallet } from '../support/test-wallet.ts';

// Step 4 withdrawals against the real server and its local chain: the member fills the form,
// reviews it in full and confirms, the server approves it under the daily limit, its hot wallet
// pays, and 20 confirmations complete it.

async function readTokenBalance(token: Address, owner: Address): Promise<bigint> {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [owner] });
  return BigInt(await rpc<Hex>('eth_call', [{ to: token, data }, 'latest']));
}

async function readTokenDecimals(token: Address): Promise<number> {
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'decimals' });
  return Number(BigInt(await rpc<Hex>('eth_call', [{ to: token, data }, 'latest'])));
}

/** Counts the withdrawal submissions the page sends from now on. */
function countApplyCalls(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/withdraw/apply')) count += 1;
  });
  return () => count;
}

/** The member's withdrawals in the financial records, as the server has them. */
async function readWithdrawRecords(page: Page): Promise<unknown[]> {
  const history = await page.request.post('/api/ass/history', {
    headers: { 'content-type': 'application/json', token: await readToken(page), language: 'en_US' },
    data: { kind: 'withdraw' },
  });
  return (await history.json()).data.list as unknown[];
}

async function openWithdrawFromAssets(page: Page) {
  await page.goto('/#/pages/asset/index');
  await page.getByTestId('asset-action-withdraw').click();
  await expect(page.getByTestId('withdraw-page')).toBeVisible();
  await expect(page.getByTestId('withdraw-amount-balance')).toHaveText('Available 100 USDT');
}

test('a member withdraws 20 USDT to a fresh address and the chain pays it', async ({ page }) => {
  test.setTimeout(150_000);
  const email = await loginNewMember(page, 'withdraw');
  await seedFunds(page, { asset: 'USDT', amount: '100', bucket: 'available' });
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  const usdt = await readLocalUsdt(page);

  // Home tile -> the form, on the local chain's open network, with the notes of SPEC §2.
  await page.getByTestId('tab-home').click();
  await page.getByTestId('home-tile-withdraw').click();
  await expect(page.getByTestId('withdraw-page')).toBeVisible();
  await expect(page.getByTestId('withdraw-amount-balance')).toHaveText('Available 100 USDT');
  await page.getByTestId(`withdraw-network-${LOCAL_CHAIN_ID}`).click();
  await expect(page.getByTestId('withdraw-channel-notice')).toHaveCount(0);
  await expect(page.getByTestId('withdraw-notes')).toContainText('The minimum withdrawal is 10 USDT.');
  await expect(page.getByTestId('withdraw-notes')).toContainText('20 network confirmations');

  // Address, amount and the live fee preview: the fee comes from what stays available. The field
  // shows the whole address, wrapped, with nothing scrolled out of sight.
  await page.getByTestId('withdraw-address').fill(recipient);
  await expect(page.getByTestId('withdraw-address')).toHaveValue(recipient);
  const addressBox = await page
    .getByTestId('withdraw-address')
    .evaluate((field) => ({ scrollWidth: field.scrollWidth, clientWidth: field.clientWidth }));
  expect(addressBox.scrollWidth, 'the address is not cut off').toBeLessThanOrEqual(addressBox.clientWidth);
  await page.getByTestId('withdraw-amount').fill('20');
  await expect(page.getByTestId('withdraw-summary-fee')).toHaveText('1 USDT');
  await expect(page.getByTestId('withdraw-summary-received')).toHaveText('20 USDT');
  await expect(page.getByTestId('withdraw-summary-deducted')).toHaveText('21 USDT');
  await expect(page.getByTestId('withdraw-fee-from')).toContainText('taken from your remaining available balance');

  // The code goes to the member's own email.
  await expect(page.getByTestId('withdraw-code-email')).toContainText('@example.com');
  await page.getByTestId('withdraw-code-button').click();
  await expect(page.getByTestId('withdraw-code-button')).toContainText(/\d+/);
  const code = await readCodeFromMail(email, /withdrawal code/);
  await page.getByTestId('withdraw-code').fill(code);
  const applyCalls = countApplyCalls(page);

  // The review: network, the whole address, amount, fee and what arrives; Cancel sends nothing.
  await page.getByTestId('withdraw-submit').click();
  const review = page.getByTestId('withdraw-review');
  await expect(review).toBeVisible();
  await expect(page.getByTestId('withdraw-review-network')).toHaveText(LOCAL_NETWORK_NAME);
  await expect(page.getByTestId('withdraw-review-address')).toHaveText(recipient);
  await expect(page.getByTestId('withdraw-review-amount')).toHaveText('20 USDT');
  await expect(page.getByTestId('withdraw-review-fee')).toHaveText('1 USDT');
  await expect(page.getByTestId('withdraw-review-received')).toHaveText('20 USDT');
  await expect(page.getByTestId('withdraw-review-deducted')).toHaveText('21 USDT');
  await expect(page.getByTestId('withdraw-review-warning')).toContainText('cannot be recovered');
  await page.getByTestId('withdraw-review-cancel').click();
  await expect(review).toBeHidden();
  expect(applyCalls()).toBe(0);
  expect(await readWithdrawRecords(page)).toEqual([]);
  await expect(page.getByTestId('withdraw-address')).toHaveValue(recipient);

  // Confirm sends it once, and the new withdrawal's own page follows it.
  await page.getByTestId('withdraw-submit').click();
  await page.getByTestId('withdraw-review-confirm').click();
  await expectToast(page, 'Withdrawal submitted successfully');
  await expect(page).toHaveURL(/#\/pages\/asset\/withdraw\/detail\?id=[^&]+$/);
  expect(applyCalls()).toBe(1);
  expect(await readWithdrawRecords(page)).toHaveLength(1);

  // Financial records, on withdrawals: under the daily limit it is approved at once and paid.
  await page.goto('/#/pages/asset/history?kind=withdraw');
  await expect(page.getByTestId('asset-history-page')).toBeVisible();
  await expect(page.getByTestId('history-filter-kind')).toHaveText('Withdraw');
  const item = page.getByTestId('history-item-withdraw');
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId('history-item-status')).toHaveText(/^(Approved|Sending|Confirming|Completed)$/);
  await expect(item.getByTestId('history-item-amount')).toHaveText('20 USDT');
  await expect(item.getByTestId('history-item-fee')).toHaveText('1 USDT');
  await expect(item.getByTestId('history-item-address')).toHaveText(maskAddress(recipient));

  // 20 confirmations on the local chain complete it.
  await expect
    .poll(
      async () => {
        await mineBlocks(20);
        await page.reload();
        return item.getByTestId('history-item-status').textContent();
      },
      { timeout: 120_000, intervals: [2_000], message: 'the withdrawal completes' },
    )
    .toBe('Completed');
  await expect(item.getByTestId('history-item-status')).toHaveClass(/record__tag--done/);
  await expect(item.getByTestId('history-item-network')).not.toBeEmpty();
  await expect(item.getByTestId('history-item-tx-hash')).toHaveText(/^0x[0-9a-f]{6}\.\.\.[0-9a-f]{6}$/);

  // The recipient holds exactly the amount received, and the member 100 - 20 - 1 fee.
  expect(await readTokenBalance(usdt, recipient)).toBe(parseUnits('20', await readTokenDecimals(usdt)));
  await page.goto('/#/pages/asset/index');
  await expect(page.getByTestId('asset-USDT-available')).toHaveText('79');
  await expect(page.getByTestId('asset-USDT-frozen')).toHaveText('0');
});

test('below the minimum and with a wrong code nothing is withdrawn', async ({ page }) => {
  await loginNewMember(page, 'withdraw-errors');
  await seedFunds(page, { asset: 'USDT', amount: '100', bucket: 'available' });
  await openWithdrawFromAssets(page);
  const applyCalls = countApplyCalls(page);
  const recipient = privateKeyToAccount(generatePrivateKey()).address;

  // Checked in the browser first: nothing is sent.
  await page.getByTestId('withdraw-address').fill(recipient);
  await page.getByTestId('withdraw-amount').fill('5');
  await page.getByTestId('withdraw-code').fill('123456');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('withdraw-amount-error')).toHaveText('The minimum amount is 10 USDT');
  await page.getByTestId('withdraw-amount').fill('100.5');
  await expect(page.getByTestId('withdraw-amount-error')).toHaveText('Insufficient balance');
  await page.getByTestId('withdraw-address').fill('0x1234');
  await page.getByTestId('withdraw-amount').fill('20');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByText('Please enter a correct address')).toBeVisible();
  expect(applyCalls()).toBe(0);

  // A code that was never mailed: the server refuses, the form stays for another try.
  await page.getByTestId('withdraw-address').fill(recipient);
  await page.getByTestId('withdraw-code').fill('000000');
  await page.getByTestId('withdraw-submit').click();
  expect(applyCalls()).toBe(0);
  await page.getByTestId('withdraw-review-confirm').click();
  await expectToast(page, 'The verification code is incorrect or has expired. Please request a new one.');
  expect(applyCalls()).toBe(1);
  // The refusal closes the review: the form is there to correct the code.
  await expect(page.getByTestId('withdraw-review')).toBeHidden();
  await expect(page.getByTestId('withdraw-page')).toBeVisible();
  await expect(page.getByTestId('withdraw-amount')).toHaveValue('20');

  // Nothing left the balance and no record was written.
  expect(await readWithdrawRecords(page)).toEqual([]);
  await openWithdrawFromAssets(page);
});

test('a wallet member without an email is told why it cannot withdraw', async ({ page }) => {
  await installTestWallet(page, { privateKey: generatePrivateKey() });
  await page.goto(`/#/pages/login/index?inviteCode=${GENESIS_CODE}`);
  await page.getByTestId('login-wallet').click();
  // Logging in lands on Home (Step 4d); Mine is one tab away.
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.getByTestId('tab-mine').click();
  await expect(page.getByTestId('mine-page')).toBeVisible();

  await page.goto('/#/pages/asset/withdraw');
  await expect(page.getByTestId('withdraw-email-required')).toContainText('An email is required to withdraw');
  await expect(page.getByTestId('withdraw-submit')).toHaveCount(0);
});

test('the withdraw page needs a login', async ({ page }) => {
  await page.goto('/#/pages/asset/withdraw');
  await expect(page.getByTestId('login-page')).toBeVisible();
});
