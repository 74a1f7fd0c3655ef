import { ArrowSquareOut, CaretRight, Wallet } from '@phosphor-icons/react';
import { Button, Popup } from 'antd-mobile';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import type { InjectedWallet } from './injected-wallets.ts';
import { getCurrentPageUrl, getWalletAppLinks } from './wallet-app-links.ts';
import '@/components/sheet.css';
import '@/components/sheet-actions.css';
import './wallet-sheets.css';

/**
 * The two questions connecting a wallet may need to ask, as bottom sheets: which of several
 * wallets to use, and (on a phone without any) which wallet app to open this page in. They are
 * shown from the wallet store, whichever page asked to connect, so like antd-mobile's own
 * `ActionSheet.show` they render outside the page's tree; going back closes them.
 */

/**
 * How long after closing a sheet is removed even if its slide-down never reported its end. Closed
 * while it slides up, antd-mobile's Popup (react-spring) sometimes calls afterShow instead of
 * afterClose (seen about once in 25 runs of wallet-discovery.test.tsx on a loaded machine), and
 * the sheet would stay mounted, off screen, for good.
 */
const REMOVE_AFTER_CLOSE_MS = 1_000;

function showSheet<T>(dismissed: T, render: (finish: (value: T) => void) => ReactNode): Promise<T> {
  return new Promise((resolve) => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    let isSettled = false;
    let isRemoved = false;

    function remove() {
      if (isRemoved) return;
      isRemoved = true;
      // After the slide-down; unmounting while React still renders would warn.
      setTimeout(() => {
        root.unmount();
        container.remove();
      }, 0);
    }

    function draw(isVisible: boolean) {
      root.render(
        <Popup
          visible={isVisible}
          onMaskClick={() => finish(dismissed)}
          afterClose={() => {
            if (isSettled) remove();
          }}
          bodyClassName="sheet"
        >
          {render(finish)}
        </Popup>,
      );
    }
    function finish(value: T) {
      if (isSettled) return;
      isSettled = true;
      window.removeEventListener('popstate', handleBack);
      resolve(value);
      draw(false);
      setTimeout(remove, REMOVE_AFTER_CLOSE_MS);
    }
    function handleBack() {
      finish(dismissed);
    }

    window.addEventListener('popstate', handleBack);
    // Drawn hidden first, then shown, so it slides up like every other sheet.
    draw(false);
    setTimeout(() => {
      if (!isSettled) draw(true);
    }, 0);
  });
}

function CancelButton({ onCancel, testId }: { onCancel: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <div className="sheet__actions">
      <Button block fill="none" onClick={onCancel} data-testid={testId}>
        {t('common.cancel')}
      </Button>
    </div>
  );
}

function WalletChooser({
  wallets,
  onChoose,
}: {
  wallets: InjectedWallet[];
  onChoose: (wallet: InjectedWallet | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="sheet__content" data-testid="wallet-chooser">
      <h2 className="sheet__title">{t('wallet.chooseTitle')}</h2>
      <p className="sheet__text">{t('wallet.chooseHint')}</p>
      <ul className="wallet-sheet__list">
        {wallets.map((wallet) => (
          <li key={wallet.id}>
            <button
              type="button"
              className="wallet-sheet__row"
              onClick={() => onChoose(wallet)}
              data-testid={`wallet-option-${wallet.rdns ?? wallet.id}`}
            >
              {wallet.icon ? (
                <img className="wallet-sheet__icon" src={wallet.icon} alt="" width={32} height={32} />
              ) : (
                <Wallet className="wallet-sheet__icon" size={32} aria-hidden="true" />
              )}
              <span className="wallet-sheet__name">{wallet.name || t('wallet.browserWallet')}</span>
              <CaretRight className="wallet-sheet__go" size={18} aria-hidden="true" />
            </button>
          </li>
        ))}
      </ul>
      <CancelButton onCancel={() => onChoose(null)} testId="wallet-chooser-cancel" />
    </div>
  );
}

function OpenInWalletApp({ pageUrl, onClose }: { pageUrl: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="sheet__content" data-testid="wallet-open-in-app">
      <h2 className="sheet__title">{t('wallet.openInAppTitle')}</h2>
      {/* SPEC §8's message stays: it is why the sheet opened. */}
      <p className="sheet__text">{t('wallet.notInstalled')}</p>
      <p className="sheet__text">{t('wallet.openInAppHint')}</p>
      <ul className="wallet-sheet__list">
        {getWalletAppLinks(pageUrl).map((link) => (
          <li key={link.id}>
            <a
              className="wallet-sheet__row"
              href={link.href}
              rel="noopener noreferrer"
              onClick={onClose}
              data-testid={`wallet-open-in-${link.id}`}
            >
              <Wallet className="wallet-sheet__icon" size={32} aria-hidden="true" />
              <span className="wallet-sheet__name">{link.name}</span>
              <ArrowSquareOut className="wallet-sheet__go" size={18} aria-hidden="true" />
            </a>
          </li>
        ))}
      </ul>
      <CancelButton onCancel={onClose} testId="wallet-open-in-app-cancel" />
    </div>
  );
}

/** Asks which wallet to connect; resolves null when the member closes the sheet. */
export function chooseWallet(wallets: InjectedWallet[]): Promise<InjectedWallet | null> {
  return showSheet<InjectedWallet | null>(null, (finish) => <WalletChooser wallets={wallets} onChoose={finish} />);
}

/** Offers to open this very page (route, query and invite code) in a wallet app's browser. */
export function showOpenInWalletApp(): Promise<void> {
  const pageUrl = getCurrentPageUrl(window.location);
  return showSheet<undefined>(undefined, (finish) => (
    <OpenInWalletApp pageUrl={pageUrl} onClose={() => finish(undefined)} />
  ));
}
