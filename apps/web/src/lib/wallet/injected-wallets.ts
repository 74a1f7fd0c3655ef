import type { EIP1193Provider } from 'viem';
import 'viem/window';

/**
 * Every wallet the browser has injected. Wallets announce themselves by EIP-6963 (multi injected
 * provider discovery): the page asks with `eip6963:requestProvider`, each wallet answers with an
 * `eip6963:announceProvider` event carrying its name, icon and provider, so several extensions can
 * live side by side instead of fighting over `window.ethereum`. A wallet that only sets
 * `window.ethereum` (older ones, and some in-app browsers) is the fallback. (The `mipd` package
 * does the same; these few lines spare a dependency.)
 */

/** One wallet the member can connect. */
export interface InjectedWallet {
  /** The announcement's uuid, or `injected` for the `window.ethereum` fallback. */
  id: string;
  /** As the wallet names itself; empty for the fallback, which has no name of its own. */
  name: string;
  /** A `data:image/...` URI from the announcement, or null (anything else is never rendered). */
  icon: string | null;
  /** Reverse-DNS id such as `io.metamask`, or null for the fallback. */
  rdns: string | null;
  provider: EIP1193Provider;
}

/** EIP-6963's `EIP6963ProviderDetail`, as read from an untrusted event. */
interface ProviderDetail {
  info: { uuid: string; name: string; icon: string; rdns: string };
  provider: EIP1193Provider;
}

export const ANNOUNCE_EVENT = 'eip6963:announceProvider';
export const REQUEST_EVENT = 'eip6963:requestProvider';

/** Wallets answer the request at once; one that is still starting up gets this long. */
const LATE_ANSWER_MS = 100;

const announced = new Map<string, InjectedWallet>();
let isListening = false;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isProviderDetail(detail: unknown): detail is ProviderDetail {
  if (!isRecord(detail) || !isRecord(detail.info) || !isRecord(detail.provider)) return false;
  const { info, provider } = detail;
  return (
    typeof info.uuid === 'string' &&
    info.uuid !== '' &&
    typeof info.name === 'string' &&
    typeof info.rdns === 'string' &&
    typeof provider.request === 'function'
  );
}

/** Only an image carried in the announcement itself is shown: no remote fetch, no script. */
export function toSafeIcon(icon: unknown): string | null {
  return typeof icon === 'string' && /^data:image\/[a-z0-9.+-]+[;,]/i.test(icon) ? icon : null;
}

function handleAnnouncement(event: Event) {
  const { detail } = event as CustomEvent<unknown>;
  if (!isProviderDetail(detail)) return;
  const { info, provider } = detail;
  announced.set(info.uuid, {
    id: info.uuid,
    name: info.name.trim().slice(0, 40),
    icon: toSafeIcon(info.icon),
    rdns: info.rdns || null,
    provider,
  });
}

/** Starts listening (once) and asks every wallet to announce itself. */
function requestAnnouncements(): void {
  if (!isListening) {
    window.addEventListener(ANNOUNCE_EVENT, handleAnnouncement);
    isListening = true;
  }
  window.dispatchEvent(new Event(REQUEST_EVENT));
}

function collect(): InjectedWallet[] {
  const wallets = [...announced.values()];
  // The fallback only when nothing announced: an announcing wallet usually sets window.ethereum
  // too, and listing it twice would confuse.
  if (wallets.length === 0 && window.ethereum) {
    wallets.push({ id: 'injected', name: '', icon: null, rdns: null, provider: window.ethereum });
  }
  return wallets;
}

/** The wallets of this browser, announced ones first in the order they answered. */
export async function discoverWallets(): Promise<InjectedWallet[]> {
  requestAnnouncements();
  if (announced.size === 0) await new Promise((resolve) => setTimeout(resolve, LATE_ANSWER_MS));
  return collect();
}

/** Tests start from a browser without wallets. */
export function forgetWallets(): void {
  announced.clear();
  if (isListening) window.removeEventListener(ANNOUNCE_EVENT, handleAnnouncement);
  isListening = false;
}

// Wallets also announce on their own when they load; listening from the start catches those.
if (typeof window !== 'undefined') requestAnnouncements();
