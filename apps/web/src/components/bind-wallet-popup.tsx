import { WalletSignPurpose } from '@kpc/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SheetActions } from '@/components/sheet-actions.tsx';
import { WalletAccountButton } from '@/components/wallet-account-button.tsx';
import { useBindWallet } from '@/lib/api/bind-wallet.ts';
import { userInfoQueryOptions } from '@/lib/api/get-user-info.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { createWalletProof } from '@/lib/wallet/create-wallet-proof.ts';
import { useWalletStore } from '@/lib/wallet/wallet-store.ts';
import './sheet.css';

interface BindWalletPopupProps {
  isOpen: boolean;
  onClose: () => void;
}

/**
 * Binds a wallet address to an email member: connect, sign one message naming the member's account
 * (its invitation code), bind (SPEC §5, §8).
 */
export function BindWalletPopup({ isOpen, onClose }: BindWalletPopupProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const isConnected = useWalletStore((state) => state.isConnected);
  const bindMutation = useBindWallet();
  const [isSigning, setIsSigning] = useState(false);

  async function handleBind() {
    // SPEC §5: "Connect wallet first before binding an address."
    if (!isConnected) {
      showToast(t('wallet.connectBeforeBind'));
      return;
    }
    setIsSigning(true);
    try {
      const { token, address } = useUserStore.getState();
      const userInfo = await queryClient.ensureQueryData(userInfoQueryOptions(token, address));
      const proof = await createWalletProof({ purpose: WalletSignPurpose.BIND, account: userInfo.inviteCode });
      if (!proof) return;
      await bindMutation.mutateAsync(proof);
    } catch {
      return; // Toasted by the request client.
    } finally {
      setIsSigning(false);
    }
    showToast(t('mine.bound'));
    onClose();
  }

  return (
    <Popup visible={isOpen} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet">
      <div className="sheet__content" data-testid="bind-wallet-popup">
        <h2 className="sheet__title">{t('mine.bindWallet')}</h2>
        <p className="sheet__text">{t('mine.bindHint')}</p>
        <WalletAccountButton testId="bind-wallet-connect" accountTestId="bind-wallet-account" />
        <SheetActions
          submitLabel={t('mine.bindSubmit')}
          isSubmitting={isSigning}
          onSubmit={() => void handleBind()}
          onCancel={onClose}
          testIdPrefix="bind-wallet"
        />
      </div>
    </Popup>
  );
}
