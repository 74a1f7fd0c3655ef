import { maskAddress } from '@kpc/shared';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BindWalletPopup } from '@/components/bind-wallet-popup.tsx';
import { useUserStore } from '@/lib/user-store.ts';
import { isBoundWallet } from '@/features/recharge/utils/wallet-deposit.ts';

interface BoundWalletNoticeProps {
  /** The wallet about to deposit; null when the member sends from elsewhere (transfer). */
  account: string | null;
  testIdPrefix: string;
}

/**
 * Deposits are credited by the sending wallet's address, so they need the member's bound wallet:
 * without one, say so and offer to bind it (the same popup as Mine); with another wallet
 * connected, say which one counts. Nothing when all is well.
 */
export function BoundWalletNotice({ account, testIdPrefix }: BoundWalletNoticeProps) {
  const { t } = useTranslation();
  const boundAddress = useUserStore((state) => state.userInfo?.address || state.address);
  const [isBindOpen, setIsBindOpen] = useState(false);

  if (!boundAddress) {
    return (
      <div className="deposit-notice deposit-notice--warning" role="alert" data-testid={`${testIdPrefix}-not-bound`}>
        <p>{t('recharge.bindFirst')}</p>
        <Button
          size="small"
          color="primary"
          className="deposit-notice__action"
          onClick={() => setIsBindOpen(true)}
          data-testid={`${testIdPrefix}-bind`}
        >
          {t('mine.bindWallet')}
        </Button>
        <BindWalletPopup isOpen={isBindOpen} onClose={() => setIsBindOpen(false)} />
      </div>
    );
  }
  if (account === null || isBoundWallet(account, boundAddress)) return null;
  return (
    <p className="deposit-notice deposit-notice--warning" role="alert" data-testid={`${testIdPrefix}-other-wallet`}>
      {t('recharge.otherWallet', { address: maskAddress(boundAddress) })}
    </p>
  );
}
