import type { TBindWalletRequest, TWalletSignIntent } from '@kpc/shared';
import { getWalletNonce } from '@/lib/api/get-wallet-nonce.ts';
import { i18n } from '@/lib/i18n.ts';
import { showToast } from '@/lib/toast.ts';
import { loadViemWallet, signWalletMessage, useWalletStore } from './wallet-store.ts';

/** What `/api/acc/login` and `/api/acc/bindWallet` need to trust an address: the message and its signature. */
export type WalletProof = Required<TBindWalletRequest>;

/**
 * Proves that the member holds the connected wallet: fetches a nonce (`/api/acc/auth`, with the
 * session's token when logged in, which a binding needs), builds the EIP-4361 message for `intent`
 * — a binding names the member's account — and has the wallet sign it. Every failure has been
 * toasted when this resolves null. The proof stays valid for 5 minutes and until the server
 * accepts it.
 */
export async function createWalletProof(intent: TWalletSignIntent): Promise<WalletProof | null> {
  const { account, chainId } = useWalletStore.getState();
  if (!account || chainId === null) {
    showToast(i18n.t('wallet.connectFirst'));
    return null;
  }
  const nonce = await getWalletNonce().catch(() => null);
  if (!nonce) return null; // Toasted by the request client.
  // Loaded already: the wallet is connected.
  const { buildWalletMessage } = await loadViemWallet();
  const message = buildWalletMessage({
    ...intent,
    origin: window.location.origin,
    address: account,
    chainId,
    nonce: nonce.auth,
  });
  const signature = await signWalletMessage(message);
  return signature ? { random: message, sign: signature, address: account } : null;
}
