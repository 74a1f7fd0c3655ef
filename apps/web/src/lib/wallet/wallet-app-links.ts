import { addInviteCode } from '@/lib/invite-code.ts';

/**
 * A phone browser has no wallet extension, but each wallet app has a browser of its own that
 * injects its wallet. These links open a page inside it, in the form each wallet documents:
 * - MetaMask: `https://link.metamask.io/dapp/<url without https://>` (docs.metamask.io, "Use
 *   deeplinks": open a dapp in the in-app browser; the older `metamask.app.link` host redirects
 *   here). MetaMask puts `https://` back in front of what follows `/dapp/`, query and hash included.
 * - Trust Wallet: `https://link.trustwallet.com/open_url?coin_id=60&url=<encoded url>`
 *   (developer.trustwallet.com, deep linking; coin 60 is Ethereum and its EVM chains).
 * - OKX Wallet: the universal link `https://web3.okx.com/download?deeplink=<encoded
 *   okx://wallet/dapp/url?dappUrl=<encoded url>>` (web3.okx.com, "App universal link"), which
 *   also offers the download when the app is missing.
 * - TokenPocket: `tpdapp://open?params=<encoded {"url", "chain", "source"}>` (TP-Lab's TokenPocket
 *   protocol, "open url with the Dapp browser").
 * A link cannot tell whether the app is installed: the universal links fall back to the wallet's
 * web page; the TokenPocket scheme does nothing without the app.
 */

export type WalletAppId = 'metamask' | 'trust' | 'okx' | 'tokenpocket';

export interface WalletAppLink {
  id: WalletAppId;
  /** The wallet's own name, the same in every language. */
  name: string;
  href: string;
}

const METAMASK_DAPP = 'https://link.metamask.io/dapp/';
const TRUST_OPEN_URL = 'https://link.trustwallet.com/open_url?coin_id=60&url=';
const OKX_DOWNLOAD = 'https://web3.okx.com/download?deeplink=';
const OKX_DAPP = 'okx://wallet/dapp/url?dappUrl=';
const TOKENPOCKET_OPEN = 'tpdapp://open?params=';

export function metaMaskLink(url: string): string {
  // https is implied; any other scheme (a local http server) stays written out.
  return METAMASK_DAPP + url.replace(/^https:\/\//i, '');
}

export function trustWalletLink(url: string): string {
  return TRUST_OPEN_URL + encodeURIComponent(url);
}

export function okxWalletLink(url: string): string {
  return OKX_DOWNLOAD + encodeURIComponent(OKX_DAPP + encodeURIComponent(url));
}

export function tokenPocketLink(url: string): string {
  return TOKENPOCKET_OPEN + encodeURIComponent(JSON.stringify({ url, chain: 'ETH', source: 'KPC' }));
}

/** The links in the order the sheet lists them. */
export function getWalletAppLinks(url: string): WalletAppLink[] {
  return [
    { id: 'metamask', name: 'MetaMask', href: metaMaskLink(url) },
    { id: 'trust', name: 'Trust Wallet', href: trustWalletLink(url) },
    { id: 'okx', name: 'OKX Wallet', href: okxWalletLink(url) },
    { id: 'tokenpocket', name: 'TokenPocket', href: tokenPocketLink(url) },
  ];
}

/**
 * This page as the wallet's browser should open it: the hash route with its query, plus the
 * remembered invite code when the route has none (the wallet's browser has its own storage, so a
 * newcomer's invitation must travel in the link).
 */
export function getCurrentPageUrl(location: Pick<Location, 'origin' | 'pathname' | 'search' | 'hash'>): string {
  const route = location.hash.replace(/^#/, '') || '/';
  return `${location.origin}${location.pathname}${location.search}#${addInviteCode(route)}`;
}

/** A phone or tablet browser (where wallets are apps, not extensions). */
export function isPhoneBrowser(
  navigatorLike: Pick<Navigator, 'userAgent' | 'maxTouchPoints' | 'platform'> = navigator,
): boolean {
  if (/Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i.test(navigatorLike.userAgent)) return true;
  // iPadOS Safari presents itself as a Mac; only the touch screen gives it away.
  return navigatorLike.platform === 'MacIntel' && navigatorLike.maxTouchPoints > 1;
}
