// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/config/storage.ts';
import {
  getCurrentPageUrl,
  getWalletAppLinks,
  isPhoneBrowser,
  metaMaskLink,
  okxWalletLink,
  tokenPocketLink,
  trustWalletLink,
} from './wallet-app-links.ts';

// A page deep in the app: a hash route with its own query, and an invitation in it.
const PAGE = 'https://kpc.example/app/#/pages/asset/recharge?channel=31337-wallet&inviteCode=ABCD2345';

beforeEach(() => {
  localStorage.clear();
});

/** What each wallet hands its browser, read back the way the wallet documents it. */
const openedBy = {
  metamask(href: string) {
    const prefix = 'https://link.metamask.io/dapp/';
    expect(href.startsWith(prefix)).toBe(true);
    const rest = href.slice(prefix.length);
    return /^https?:\/\//.test(rest) ? rest : `https://${rest}`;
  },
  trust(href: string) {
    const url = new URL(href);
    expect(`${url.origin}${url.pathname}`).toBe('https://link.trustwallet.com/open_url');
    expect(url.searchParams.get('coin_id')).toBe('60');
    return url.searchParams.get('url');
  },
  okx(href: string) {
    const universal = new URL(href);
    expect(`${universal.origin}${universal.pathname}`).toBe('https://web3.okx.com/download');
    const deeplink = universal.searchParams.get('deeplink') ?? '';
    expect(deeplink.startsWith('okx://wallet/dapp/url?dappUrl=')).toBe(true);
    return new URLSearchParams(deeplink.split('?')[1]).get('dappUrl');
  },
  tokenpocket(href: string) {
    const prefix = 'tpdapp://open?params=';
    expect(href.startsWith(prefix)).toBe(true);
    const params = JSON.parse(decodeURIComponent(href.slice(prefix.length))) as { url: string; chain: string };
    expect(params.chain).toBe('ETH');
    return params.url;
  },
};

describe('wallet app links', () => {
  it('MetaMask: the page after /dapp/, without https, its hash route and query untouched', () => {
    expect(metaMaskLink(PAGE)).toBe(
      'https://link.metamask.io/dapp/kpc.example/app/#/pages/asset/recharge?channel=31337-wallet&inviteCode=ABCD2345',
    );
    expect(openedBy.metamask(metaMaskLink(PAGE))).toBe(PAGE);
    // A plain http page (a local server) keeps its scheme rather than becoming https.
    expect(openedBy.metamask(metaMaskLink('http://127.0.0.1:8181/#/pages/home/index'))).toBe(
      'http://127.0.0.1:8181/#/pages/home/index',
    );
  });

  it('Trust Wallet: open_url on coin 60 with the page encoded', () => {
    expect(trustWalletLink(PAGE)).toBe(
      'https://link.trustwallet.com/open_url?coin_id=60&url=https%3A%2F%2Fkpc.example%2Fapp%2F%23%2Fpages%2Fasset%2Frecharge%3Fchannel%3D31337-wallet%26inviteCode%3DABCD2345',
    );
    expect(openedBy.trust(trustWalletLink(PAGE))).toBe(PAGE);
  });

  it('OKX Wallet: the universal link around okx://wallet/dapp/url, each level encoded once', () => {
    const href = okxWalletLink(PAGE);
    expect(href).toBe(
      `https://web3.okx.com/download?deeplink=${encodeURIComponent(`okx://wallet/dapp/url?dappUrl=${encodeURIComponent(PAGE)}`)}`,
    );
    expect(openedBy.okx(href)).toBe(PAGE);
  });

  it('TokenPocket: tpdapp://open with the page in its JSON params', () => {
    const href = tokenPocketLink(PAGE);
    expect(href).not.toMatch(/[{}"#&]/);
    expect(openedBy.tokenpocket(href)).toBe(PAGE);
  });

  it('lists the four wallets, each opening the same page', () => {
    const links = getWalletAppLinks(PAGE);
    expect(links.map((link) => [link.id, link.name])).toEqual([
      ['metamask', 'MetaMask'],
      ['trust', 'Trust Wallet'],
      ['okx', 'OKX Wallet'],
      ['tokenpocket', 'TokenPocket'],
    ]);
    for (const link of links) expect(openedBy[link.id](link.href)).toBe(PAGE);
  });
});

describe('getCurrentPageUrl', () => {
  const at = (hash: string) => ({ origin: 'https://kpc.example', pathname: '/', search: '', hash });

  it('is the page with its hash route and query', () => {
    expect(getCurrentPageUrl(at('#/pages/asset/recharge?channel=31337-wallet&inviteCode=ABCD2345'))).toBe(
      'https://kpc.example/#/pages/asset/recharge?channel=31337-wallet&inviteCode=ABCD2345',
    );
  });

  it('carries the remembered invitation when the route has none: the wallet browser has its own storage', () => {
    localStorage.setItem(STORAGE_KEYS.inviteCode, 'WXYZ6789');
    expect(getCurrentPageUrl(at('#/pages/login/index?redirect=%2Fpages%2Fmine%2Findex'))).toBe(
      'https://kpc.example/#/pages/login/index?redirect=%2Fpages%2Fmine%2Findex&inviteCode=WXYZ6789',
    );
    expect(getCurrentPageUrl(at(''))).toBe('https://kpc.example/#/?inviteCode=WXYZ6789');
    // The route's own code wins.
    expect(getCurrentPageUrl(at('#/pages/home/index?inviteCode=ABCD2345'))).toBe(
      'https://kpc.example/#/pages/home/index?inviteCode=ABCD2345',
    );
  });

  it('survives every wallet link, route and invitation included', () => {
    localStorage.setItem(STORAGE_KEYS.inviteCode, 'WXYZ6789');
    const page = getCurrentPageUrl(at('#/pages/asset/recharge?channel=transfer'));
    for (const link of getWalletAppLinks(page)) {
      const opened = new URL(openedBy[link.id](link.href) ?? '');
      expect(opened.hash).toBe('#/pages/asset/recharge?channel=transfer&inviteCode=WXYZ6789');
    }
  });
});

describe('isPhoneBrowser', () => {
  const browser = (userAgent: string, platform = 'Linux x86_64', maxTouchPoints = 0) => ({
    userAgent,
    platform,
    maxTouchPoints,
  });

  it('knows phones and tablets', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
    expect(isPhoneBrowser(browser(iphone))).toBe(true);
    expect(isPhoneBrowser(browser(android))).toBe(true);
    // iPadOS Safari says Macintosh; its touch screen tells.
    const ipad = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15';
    expect(isPhoneBrowser(browser(ipad, 'MacIntel', 5))).toBe(true);
  });

  it('leaves desktops alone', () => {
    const mac = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.5 Safari/605.1.15';
    expect(isPhoneBrowser(browser(mac, 'MacIntel', 0))).toBe(false);
    const linux = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
    expect(isPhoneBrowser(browser(linux))).toBe(false);
  });
});
