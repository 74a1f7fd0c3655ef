import { maskAddress } from '@kpc/shared';
import { CheckCircle, Wallet } from '@phosphor-icons/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useWalletStore } from '@/lib/wallet/wallet-store.ts';
import './wallet-account-button.css';

/** Connects the browser wallet (SPEC §4), with a flag while the wallet asks its owner. */
export function useConnectWallet() {
  const connect = useWalletStore((state) => state.connect);
  const [isConnecting, setIsConnecting] = useState(false);
  async function connectWallet() {
    setIsConnecting(true);
    await connect();
    setIsConnecting(false);
  }
  return { isConnecting, connectWallet };
}

interface WalletAccountButtonProps {
  testId: string;
  /** On the masked address once connected. */
  accountTestId?: string;
}

/** "Connect wallet", then the connected account, masked (SPEC §9), with a connected mark. */
export function WalletAccountButton({ testId, accountTestId }: WalletAccountButtonProps) {
  const { t } = useTranslation();
  const account = useWalletStore((state) => state.account);
  const isConnected = useWalletStore((state) => state.isConnected);
  const { isConnecting, connectWallet } = useConnectWallet();
  return (
    <button
      type="button"
      className={isConnected ? 'wallet-account wallet-account--connected' : 'wallet-account'}
      disabled={isConnected || isConnecting}
      onClick={() => void connectWallet()}
      data-testid={testId}
    >
      <Wallet className="wallet-account__icon" size={22} aria-hidden="true" />
      {isConnected && account ? (
        <>
          <span className="wallet-account__address" data-testid={accountTestId}>
            {maskAddress(account)}
          </span>
          <span className="wallet-account__status">
            <CheckCircle size={16} weight="fill" aria-hidden="true" />
            {t('wallet.connected')}
          </span>
        </>
      ) : (
        <span className="wallet-account__action">{t('wallet.connect')}</span>
      )}
    </button>
  );
}
