import { formatDecimal, formatNumber, type TDepositChannel } from '@kpc/shared';
import { CheckCircle } from '@phosphor-icons/react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AmountField } from '@/components/amount-field.tsx';
import { useConnectWallet, WalletAccountButton } from '@/components/wallet-account-button.tsx';
import { getNetworkName } from '@/lib/network-name.ts';
import { useAmountInput } from '@/lib/use-amount-input.ts';
import { useWalletStore } from '@/lib/wallet/wallet-store.ts';
import { useWalletDeposit } from '@/features/recharge/hooks/use-wallet-deposit.ts';
import type { SentDeposit } from '@/features/recharge/utils/sent-deposits.ts';
import { getWalletDepositStep, toTokenUnits } from '@/features/recharge/utils/wallet-deposit.ts';
import { BoundWalletNotice } from './bound-wallet-notice.tsx';

interface WalletDepositProps {
  channel: TDepositChannel;
  onSent: (sent: SentDeposit[]) => void;
}

/**
 * Recharge: from the member's wallet through the Recharge contract (SPEC §4 "deposit from wallet"):
 * connect, then Authorize (approve the contract once), shown as Authorized, then Recharge the amount
 * (at least 5 USDT, SPEC §5).
 */
export function WalletDeposit({ channel, onSent }: WalletDepositProps) {
  const { t } = useTranslation();
  const account = useWalletStore((state) => state.account);
  const isConnected = useWalletStore((state) => state.isConnected);
  const { isConnecting, connectWallet } = useConnectWallet();
  const wallet = useWalletDeposit(channel, onSent);
  const { tokenState } = wallet;
  const balance = tokenState ? formatDecimal(tokenState.balance, channel.tokenDecimals) : undefined;
  const amount = useAmountInput({
    decimals: channel.tokenDecimals,
    min: channel.minimum,
    max: balance,
    asset: channel.asset,
    requiredKey: 'validation.depositAmountRequired',
  });
  const amountUnits = toTokenUnits(amount.validAmount, channel.tokenDecimals);
  const step = tokenState ? getWalletDepositStep(tokenState.allowance, amountUnits, channel) : 'authorize';
  const isAuthorized = step === 'deposit';

  async function handleAuthorize() {
    await wallet.authorize(amountUnits);
  }

  async function handleDeposit() {
    const value = amount.validate();
    const units = toTokenUnits(value, channel.tokenDecimals);
    if (!value || units === null) return;
    if (await wallet.deposit(value, units)) amount.reset();
  }

  let action: { label: string; testId: string; onClick: () => Promise<void>; isLoading: boolean };
  if (!isConnected) {
    action = {
      label: t('wallet.connect'),
      testId: 'recharge-connect',
      onClick: connectWallet,
      isLoading: isConnecting,
    };
  } else if (step === 'authorize') {
    action = {
      label: t('recharge.authorize'),
      testId: 'recharge-authorize',
      onClick: handleAuthorize,
      isLoading: wallet.busyStep === 'authorize',
    };
  } else {
    action = {
      label: t('recharge.submit'),
      testId: 'recharge-deposit',
      onClick: handleDeposit,
      isLoading: wallet.busyStep === 'deposit',
    };
  }

  return (
    <section className="deposit-panel" data-testid="recharge-wallet">
      <WalletAccountButton testId="recharge-wallet-account" />
      {isConnected && !wallet.isOnChain && (
        <p className="deposit-notice deposit-notice--warning" role="alert" data-testid="recharge-wrong-network">
          {t('recharge.wrongNetworkHint', {
            network: getNetworkName(channel.chainId, channel.network),
            chainId: channel.chainId,
          })}
        </p>
      )}
      <BoundWalletNotice account={isConnected ? account : null} testIdPrefix="recharge-wallet" />
      <ol className="deposit-steps" aria-label={t('recharge.steps')}>
        <li
          className={isAuthorized ? 'deposit-steps__item deposit-steps__item--done' : 'deposit-steps__item'}
          data-testid="recharge-step-authorize"
        >
          <span className="deposit-steps__index" aria-hidden="true">
            {isAuthorized ? <CheckCircle size={18} weight="fill" /> : '1'}
          </span>
          {isAuthorized ? t('recharge.authorized') : t('recharge.authorize')}
        </li>
        <li
          className={isAuthorized ? 'deposit-steps__item deposit-steps__item--current' : 'deposit-steps__item'}
          data-testid="recharge-step-deposit"
        >
          <span className="deposit-steps__index" aria-hidden="true">
            2
          </span>
          {t('recharge.submit')}
        </li>
      </ol>
      <AmountField
        input={amount}
        label={t('recharge.amount')}
        asset={channel.asset}
        balanceLabel={t('recharge.walletBalance')}
        balance={balance}
        testId="recharge-amount"
      />
      <p className="deposit-panel__terms" data-testid="recharge-terms">
        {t('recharge.minimumTerms', {
          min: formatNumber(channel.minimum),
          asset: channel.asset,
          confirmations: channel.confirmations,
        })}
      </p>
      <Button
        block
        color="primary"
        size="large"
        className="deposit-panel__action"
        loading={action.isLoading}
        onClick={() => void action.onClick()}
        data-testid={action.testId}
      >
        {action.label}
      </Button>
    </section>
  );
}
