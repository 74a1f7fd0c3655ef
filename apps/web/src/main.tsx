import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createAppRouter } from './app/router.tsx';
import './app/global.css';
import { loadInitialLocale } from './lib/i18n.ts';
import { setupAntdMobile } from './lib/setup-antd-mobile.ts';
import { ANNOUNCE_EVENT, REQUEST_EVENT } from './lib/wallet/injected-wallets.ts';

setupAntdMobile();
// The router starts fetching the first page's chunk at once, alongside the language below.
const router = createAppRouter();
// SPEC §4: on start-up, reconnect to a wallet that already authorised this app (no prompt). The
// wallet code loads only when there is a wallet: one that sets `window.ethereum`, or one that only
// announces itself (EIP-6963) when asked.
function restoreWallet() {
  void import('./lib/wallet/wallet-store.ts').then(({ useWalletStore }) => useWalletStore.getState().restore());
}
if ('ethereum' in window) {
  restoreWallet();
} else {
  window.addEventListener(ANNOUNCE_EVENT, restoreWallet, { once: true });
  window.dispatchEvent(new Event(REQUEST_EVENT));
}
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
// The first paint waits for the member's language (a few kB) so no raw message key ever shows. If it
// cannot load, the app still starts, with whatever language did.
void loadInitialLocale()
  .catch(() => undefined)
  .then(() =>
    createRoot(container).render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    ),
  );
