/**
 * A User-Agent summarised for the member's security activity: the browser (or wallet app) and the
 * operating system, language-neutral (`Chrome · Android`); null when neither is recognised. A few
 * patterns instead of a parser library: the label only has to let a member recognise their own
 * devices, and it never decides anything.
 */

/** First match wins: in-app wallets and Chromium-based browsers name Chrome and Safari too. */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/MetaMaskMobile/i, 'MetaMask'],
  [/TokenPocket/i, 'TokenPocket'],
  [/imToken/i, 'imToken'],
  [/\bTrust\//, 'Trust Wallet'],
  [/OKApp/i, 'OKX Wallet'],
  [/MicroMessenger\//, 'WeChat'],
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/YaBrowser\//, 'Yandex Browser'],
  [/UCBrowser\//, 'UC Browser'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|Chrome\/|\bChromium\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/Windows NT|Windows Phone/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Android/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/Macintosh|Mac OS X/, 'macOS'],
  [/Linux/, 'Linux'],
];

/** Enough of any real User-Agent to find both names; a longer header is cut before matching. */
const MAX_USER_AGENT_LENGTH = 512;

function firstMatch(userAgent: string, patterns: readonly (readonly [RegExp, string])[]): string | undefined {
  return patterns.find(([pattern]) => pattern.test(userAgent))?.[1];
}

export function describeDevice(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const text = userAgent.slice(0, MAX_USER_AGENT_LENGTH);
  const parts = [firstMatch(text, BROWSERS), firstMatch(text, SYSTEMS)].filter((part) => part !== undefined);
  return parts.length > 0 ? parts.join(' · ') : null;
}
