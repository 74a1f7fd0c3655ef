import { ErrorCode, WalletSignPurpose } from '@kpc/shared';
import { Wallet } from '@phosphor-icons/react';
import { Button, Divider } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getInviteCode } from '@/lib/invite-code.ts';
import { RequestError } from '@/lib/request.ts';
import { createWalletProof, type WalletProof } from '@/lib/wallet/create-wallet-proof.ts';
import { useWalletStore } from '@/lib/wallet/wallet-store.ts';
import { useLoginWithWallet } from '@/features/account/api/login-wallet.ts';
import { WalletInvitePopup } from './wallet-invite-popup.tsx';

function isErrorCode(error: unknown, code: number): boolean {
  return error instanceof RequestError && error.code === code;
}

/**
 * SPEC §2 Login "wallet login": connect, sign one EIP-4361 message, log in. A new address needs an
 * inviter: the remembered invite code is sent along; without one (or with an unknown one) a popup
 * asks for it and the same signed message is sent again, so the wallet is asked only once.
 */
export function WalletLogin({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const loginMutation = useLoginWithWallet();
  const [isSigning, setIsSigning] = useState(false);
  // The signed message waiting for an inviter; the popup is open while it is set.
  const [proofAwaitingInvite, setProofAwaitingInvite] = useState<WalletProof | null>(null);
  const rememberedInviteCode = getInviteCode();

  async function handleWalletLogin() {
    setIsSigning(true);
    try {
      const wallet = useWalletStore.getState();
      if (!wallet.isConnected && !(await wallet.connect())) return;
      const proof = await createWalletProof({ purpose: WalletSignPurpose.LOGIN });
      if (!proof) return;
      try {
        await loginMutation.mutateAsync({ ...proof, inviteAddress: rememberedInviteCode });
      } catch (error) {
        // An unknown remembered code has been toasted; let the member correct it.
        const needsInviter =
          isErrorCode(error, ErrorCode.WALLET_INVITE_REQUIRED) ||
          (rememberedInviteCode !== '' && isErrorCode(error, ErrorCode.INVITER_NOT_FOUND));
        if (needsInviter) setProofAwaitingInvite(proof);
        return;
      }
      onLoggedIn();
    } finally {
      setIsSigning(false);
    }
  }

  async function handleInviteSubmit(inviteAddress: string) {
    if (!proofAwaitingInvite) return;
    try {
      await loginMutation.mutateAsync({ ...proofAwaitingInvite, inviteAddress });
    } catch (error) {
      // Toasted. A wrong inviter can be corrected; any other failure needs a fresh signature.
      if (!isErrorCode(error, ErrorCode.INVITER_NOT_FOUND)) setProofAwaitingInvite(null);
      return;
    }
    setProofAwaitingInvite(null);
    onLoggedIn();
  }

  return (
    <section className="wallet-login">
      <Divider className="wallet-login__divider">{t('login.or')}</Divider>
      <Button
        block
        fill="outline"
        size="large"
        className="wallet-login__button"
        loading={isSigning}
        onClick={() => void handleWalletLogin()}
        data-testid="login-wallet"
      >
        <span className="wallet-login__label">
          <Wallet size={20} weight="bold" aria-hidden="true" />
          {t('login.walletLogin')}
        </span>
      </Button>
      <WalletInvitePopup
        isOpen={proofAwaitingInvite !== null}
        initialValue={rememberedInviteCode}
        isSubmitting={loginMutation.isPending}
        onSubmit={(inviteAddress) => void handleInviteSubmit(inviteAddress)}
        onClose={() => setProofAwaitingInvite(null)}
      />
    </section>
  );
}
