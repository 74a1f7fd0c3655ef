import { expect, test } from '@playwright/test';
import { maskAddress } from '@kpc/shared';
import { generatePrivateKey } from 'viem/accounts';
import { loginThroughUi, registerThroughApi, uniqueEmail } from '../support/account.ts';
import { GENESIS_CODE } from '../support/constants.ts';
import { expectToast } from '../support/journey.ts';
import { installTestWallet, TEST_WALLET_ICON } from '../support/test-wallet.ts';

// Wallet sign-in and binding (Step 2) with a real signer against the server's local chain. Each
// test uses fresh keys, so its members are new whatever ran before.

/** SPEC §9 mask of an address, matched whatever letter case the server stores it in. */
function masked(address: string): RegExp {
  const text = maskAddress(address).replace(/[.]/g, '\\.');
  return new RegExp(text, 'i');
}

test('an invited newcomer signs in with the wallet and finds the address on Mine', async ({ page }) => {
  const wallet = await installTestWallet(page, { privateKey: generatePrivateKey() });
  await page.goto(`/#/pages/home/index?inviteCode=${GENESIS_CODE}`);
  await page.getByTestId('home-login').click();
  await page.getByTestId('login-wallet').click();

  await expectToast(page, 'Logged in successfully');
  // Logging in lands on Home (Step 4d); Mine is one tab away.
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.getByTestId('tab-mine').click();
  await expect(page.getByTestId('mine-page')).toBeVisible();
  await expect(page.getByTestId('mine-identity')).toHaveText(masked(wallet.address));
  await expect(page.getByTestId('mine-wallet-address')).toHaveText(masked(wallet.address));
  // A wallet-only member has no password to change.
  await expect(page.getByTestId('mine-change-password')).toHaveCount(0);
  // One connection prompt and one signature: the invite code went with the first attempt.
  expect(wallet.requests.filter((method) => method === 'eth_requestAccounts')).toHaveLength(1);
  expect(wallet.requests.filter((method) => method === 'personal_sign')).toHaveLength(1);
});

test('a new wallet without an invitation is asked for one, then signed in without signing again', async ({ page }) => {
  const wallet = await installTestWallet(page, { privateKey: generatePrivateKey() });
  await page.goto('/#/pages/login/index');
  await page.getByTestId('login-wallet').click();

  await expect(page.getByTestId('wallet-invite-input')).toBeVisible();
  await page.getByTestId('wallet-invite-submit').click();
  await expect(page.getByText("Enter an invitation code or the inviter's wallet address")).toBeVisible();
  await page.getByTestId('wallet-invite-input').fill(GENESIS_CODE);
  await page.getByTestId('wallet-invite-submit').click();

  // Logging in lands on Home (Step 4d); Mine is one tab away.
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.getByTestId('tab-mine').click();
  await expect(page.getByTestId('mine-page')).toBeVisible();
  await expect(page.getByTestId('mine-identity')).toHaveText(masked(wallet.address));
  expect(wallet.requests.filter((method) => method === 'personal_sign')).toHaveLength(1);
});

test('a wallet that declines to sign stays logged out and can try again', async ({ page }) => {
  const wallet = await installTestWallet(page, { privateKey: generatePrivateKey() });
  await page.goto(`/#/pages/login/index?inviteCode=${GENESIS_CODE}`);
  wallet.declineNext('personal_sign');
  await page.getByTestId('login-wallet').click();
  await expectToast(page, 'You cancelled the signature request');
  await expect(page.getByTestId('login-page')).toBeVisible();

  await page.getByTestId('login-wallet').click();
  // Logging in lands on Home (Step 4d); Mine is one tab away.
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.getByTestId('tab-mine').click();
  await expect(page.getByTestId('mine-page')).toBeVisible();
});

test('a wallet on a chain outside the allowed list is refused with the list', async ({ page }) => {
  const wallet = await installTestWallet(page, { privateKey: generatePrivateKey(), chainId: 4242 });
  const config = await (await page.request.post('/api/app/config', { data: {} })).json();
  const allowed = (config.data.allowedChainIds as number[]).join(',');
  expect(allowed).toContain('31337');

  await page.goto('/#/pages/login/index');
  await page.getByTestId('login-wallet').click();
  await expectToast(page, `Please switch to the correct network. Required network ID: ${allowed}`);
  // A plain text toast: no icon.
  await expect(page.locator('.adm-toast-icon')).toHaveCount(0);
  await expect(page.getByTestId('login-page')).toBeVisible();
  expect(wallet.requests).not.toContain('personal_sign');
});

test('a login-required page asked for comes back after a wallet login', async ({ page }) => {
  await installTestWallet(page, { privateKey: generatePrivateKey() });
  await page.goto(`/#/pages/home/index?inviteCode=${GENESIS_CODE}`);
  await page.goto('/#/pages/exchange/log');
  await expect(page.getByTestId('login-page')).toBeVisible();
  await page.getByTestId('login-wallet').click();
  await expect(page.getByTestId('exchange-log-page')).toBeVisible();
});

test('with two wallets in the browser the member chooses one, and only that one is asked', async ({ page }) => {
  const first = await installTestWallet(page, {
    privateKey: generatePrivateKey(),
    announce: { name: 'MetaMask', rdns: 'io.metamask' },
  });
  const second = await installTestWallet(page, {
    privateKey: generatePrivateKey(),
    announce: { name: 'Rabby Wallet', rdns: 'io.rabby' },
    setsWindowEthereum: false,
  });
  await page.goto(`/#/pages/login/index?inviteCode=${GENESIS_CODE}`);
  await page.getByTestId('login-wallet').click();

  const chooser = page.getByTestId('wallet-chooser');
  await expect(chooser).toBeVisible();
  await expect(page.getByTestId('wallet-option-io.metamask')).toHaveText('MetaMask');
  await expect(page.getByTestId('wallet-option-io.rabby')).toHaveText('Rabby Wallet');
  await expect(page.getByTestId('wallet-option-io.rabby').locator('img')).toHaveAttribute('src', TEST_WALLET_ICON);
  const row = await page.getByTestId('wallet-option-io.rabby').boundingBox();
  expect(row?.height).toBeGreaterThanOrEqual(44);

  await page.getByTestId('wallet-option-io.rabby').click();
  // Logging in lands on Home (Step 4d); Mine is one tab away.
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.getByTestId('tab-mine').click();
  await expect(page.getByTestId('mine-page')).toBeVisible();
  await expect(page.getByTestId('mine-identity')).toHaveText(masked(second.address));
  expect(second.requests).toContain('eth_requestAccounts');
  expect(second.requests.filter((method) => method === 'personal_sign')).toHaveLength(1);
  expect(first.requests).not.toContain('eth_requestAccounts');
  expect(first.requests).not.toContain('personal_sign');
});

test.describe('on a phone', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  });

  test('without a wallet, the login offers to open this page in four wallet apps', async ({ page }) => {
    await page.goto(`/#/pages/login/index?inviteCode=${GENESIS_CODE}`);
    await page.getByTestId('login-wallet').click();
    const sheet = page.getByTestId('wallet-open-in-app');
    await expect(sheet).toBeVisible();
    // SPEC §8's message stays, with the way out a phone has.
    await expect(sheet).toContainText('MetaMask is not installed. Please install MetaMask.');

    const here = page.url();
    expect(here).toContain(`#/pages/login/index?inviteCode=${GENESIS_CODE}`);
    const expected = {
      metamask: `https://link.metamask.io/dapp/${here.replace(/^https:\/\//, '')}`,
      trust: `https://link.trustwallet.com/open_url?coin_id=60&url=${encodeURIComponent(here)}`,
      okx: `https://web3.okx.com/download?deeplink=${encodeURIComponent(`okx://wallet/dapp/url?dappUrl=${encodeURIComponent(here)}`)}`,
      tokenpocket: `tpdapp://open?params=${encodeURIComponent(JSON.stringify({ url: here, chain: 'ETH', source: 'KPC' }))}`,
    };
    for (const [id, href] of Object.entries(expected)) {
      const link = page.getByTestId(`wallet-open-in-${id}`);
      await expect(link).toHaveAttribute('href', href);
      expect((await link.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    }
    await expect(page.getByTestId('wallet-open-in-okx')).toHaveText('OKX Wallet');

    await page.getByTestId('wallet-open-in-app-cancel').click();
    await expect(sheet).toBeHidden();
    await expect(page.getByTestId('login-page')).toBeVisible();
  });

  test('a wallet app browser (an injected wallet) connects as on a desktop, without the sheet', async ({ page }) => {
    const wallet = await installTestWallet(page, { privateKey: generatePrivateKey(), announce: false });
    await page.goto(`/#/pages/login/index?inviteCode=${GENESIS_CODE}`);
    await page.getByTestId('login-wallet').click();
    // Logging in lands on Home (Step 4d); Mine is one tab away.
    await expect(page.getByTestId('home-page')).toBeVisible();
    await page.getByTestId('tab-mine').click();
    await expect(page.getByTestId('mine-page')).toBeVisible();
    await expect(page.getByTestId('mine-identity')).toHaveText(masked(wallet.address));
    await expect(page.getByTestId('wallet-open-in-app')).toHaveCount(0);
  });
});

test('without a wallet extension the login says MetaMask is not installed', async ({ page }) => {
  await page.goto('/#/pages/login/index');
  await page.getByTestId('login-wallet').click();
  await expectToast(page, 'MetaMask is not installed. Please install MetaMask.');
  await expect(page.getByTestId('login-page')).toBeVisible();
});

test('switching the wallet account logs a wallet member out', async ({ page }) => {
  const wallet = await installTestWallet(page, { privateKey: generatePrivateKey() });
  await page.goto(`/#/pages/login/index?inviteCode=${GENESIS_CODE}`);
  await page.getByTestId('login-wallet').click();
  // Logging in lands on Home (Step 4d); Mine is one tab away.
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.getByTestId('tab-mine').click();
  await expect(page.getByTestId('mine-page')).toBeVisible();

  const reloaded = page.waitForEvent('load');
  await wallet.switchAccount(generatePrivateKey());
  await reloaded;
  // The reload lands on login: Mine needs a login again.
  await expect(page.getByTestId('login-page')).toBeVisible();
  await page.goto('/#/pages/home/index');
  await expect(page.getByTestId('home-login')).toBeVisible();
  await page.goto('/#/pages/mine/index');
  await expect(page.getByTestId('login-page')).toBeVisible();
});

test('an email member binds a wallet, which can then sign in to the same account', async ({ page }) => {
  const email = uniqueEmail('binder');
  await registerThroughApi(page.request, email, GENESIS_CODE);
  const wallet = await installTestWallet(page, { privateKey: generatePrivateKey() });
  await page.goto('/#/pages/login/index');
  await loginThroughUi(page, email);
  // Logging in lands on Home (Step 4d); Mine is one tab away.
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.getByTestId('tab-mine').click();
  await expect(page.getByTestId('mine-page')).toBeVisible();
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0);

  await page.getByTestId('mine-wallet').click();
  await page.getByTestId('bind-wallet-submit').click();
  await expectToast(page, 'Connect wallet first before binding an address.');
  expect(wallet.requests).not.toContain('eth_requestAccounts');
  expect(wallet.requests).not.toContain('personal_sign');

  await page.getByTestId('bind-wallet-connect').click();
  await expect(page.getByTestId('bind-wallet-account')).toHaveText(masked(wallet.address));
  await page.getByTestId('bind-wallet-submit').click();
  await expectToast(page, 'Bound successfully');
  await expect(page.getByTestId('mine-wallet-address')).toHaveText(masked(wallet.address));
  await expect(page.getByTestId('bind-wallet-popup')).toBeHidden();

  // The bound wallet now logs in to this very account.
  await page.getByTestId('mine-logout').click();
  await page.getByTestId('logout-confirm').click();
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.goto('/#/pages/login/index');
  await page.getByTestId('login-wallet').click();
  // Logging in lands on Home (Step 4d); Mine is one tab away.
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.getByTestId('tab-mine').click();
  await expect(page.getByTestId('mine-page')).toBeVisible();
  await expect(page.getByTestId('mine-identity')).toContainText(email.slice(0, 1));
  await expect(page.getByTestId('mine-identity')).toContainText('@example.com');
  await expect(page.getByTestId('mine-wallet-address')).toHaveText(masked(wallet.address));
  await expect(page.getByTestId('mine-change-password')).toBeVisible();
});

test('after a reload an authorised wallet is connected again without asking', async ({ page }) => {
  const email = uniqueEmail('restore');
  await registerThroughApi(page.request, email, GENESIS_CODE);
  const wallet = await installTestWallet(page, { privateKey: generatePrivateKey() });
  await page.goto('/#/pages/login/index');
  await loginThroughUi(page, email);
  // Logging in lands on Home (Step 4d); Mine is one tab away.
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.getByTestId('tab-mine').click();
  await expect(page.getByTestId('mine-page')).toBeVisible();

  await page.getByTestId('mine-wallet').click();
  await page.getByTestId('bind-wallet-connect').click();
  await expect(page.getByTestId('bind-wallet-account')).toHaveText(masked(wallet.address));

  await page.reload();
  await expect(page.getByTestId('mine-page')).toBeVisible();
  await page.getByTestId('mine-wallet').click();
  await expect(page.getByTestId('bind-wallet-account')).toHaveText(masked(wallet.address));
  expect(wallet.requests.filter((method) => method === 'eth_requestAccounts')).toHaveLength(1);
  expect(wallet.requests).toContain('eth_accounts');
});
