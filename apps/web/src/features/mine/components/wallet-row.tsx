import { maskAddress } from '@kpc/shared';
import { Wallet } from '@phosphor-icons/react';
import { List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BindWalletPopup } from '@/components/bind-wallet-popup.tsx';
import { CopyButton } from '@/components/copy-button.tsx';
import { useUserStore } from '@/lib/user-store.ts';

/**
 * Mine's "Wallet" row: the bound address (masked, SPEC §9) with a button that copies it whole,
 * or "Bind wallet" when there is none.
 */
export function WalletRow() {
  const { t } = useTranslation();
  const address = useUserStore((state) => state.userInfo?.address || state.address);
  const [isBindOpen, setIsBindOpen] = useState(false);

  return (
    <>
      <List.Item
        prefix={<Wallet size={22} />}
        extra={
          address ? (
            <span className="wallet-address-row">
              <span className="wallet-address" data-testid="mine-wallet-address">
                {maskAddress(address)}
              </span>
              <CopyButton text={address} testId="mine-copy-wallet-address" />
            </span>
          ) : (
            <span className="list-action">{t('mine.bindWallet')}</span>
          )
        }
        // A bound address stays; only a member without one can act here.
        clickable={!address}
        onClick={() => {
          if (!address) setIsBindOpen(true);
        }}
        data-testid="mine-wallet"
      >
        {t('mine.wallet')}
      </List.Item>
      <BindWalletPopup isOpen={isBindOpen} onClose={() => setIsBindOpen(false)} />
    </>
  );
}
