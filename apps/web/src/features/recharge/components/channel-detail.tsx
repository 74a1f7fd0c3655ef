import { DepositMethod, type TDepositChannel } from '@kpc/shared';
import { ArrowsClockwise, QrCode, Wallet } from '@phosphor-icons/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getNetworkName } from '@/lib/network-name.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { useDeposits } from '@/features/recharge/api/get-deposits.ts';
import { useNow } from '@/features/recharge/hooks/use-now.ts';
import { getDepositMethodKey } from '@/features/recharge/utils/labels.ts';
import {
  isAwaitingDeposits,
  listDepositRows,
  readSentDeposits,
  type SentDeposit,
} from '@/features/recharge/utils/sent-deposits.ts';
import { AccelerateSheet } from './accelerate-sheet.tsx';
import { DepositList } from './deposit-list.tsx';
import { TransferDeposit } from './transfer-deposit.tsx';
import { WalletDeposit } from './wallet-deposit.tsx';

/** How often "not arrived within 3 minutes" is looked at again. */
const CLOCK_TICK_MS = 5_000;

interface ChannelDetailProps {
  channel: TDepositChannel;
  onChange: () => void;
}

/**
 * SPEC §2 Recharge "deposit detail" of one open channel: Recharge (wallet) or Deposit (address), the
 * member's recharges or deposits on its network (asked again every 5 s while one is on its way) and
 * Accelerate.
 */
export function ChannelDetail({ channel, onChange }: ChannelDetailProps) {
  const { t } = useTranslation();
  const boundAddress = useUserStore((state) => state.userInfo?.address || state.address);
  const [sent, setSent] = useState<SentDeposit[]>(() => readSentDeposits());
  const [accelerateHash, setAccelerateHash] = useState<string | null>(null);
  const nowMs = useNow(CLOCK_TICK_MS);
  const scope = { chainId: channel.chainId, from: boundAddress, method: channel.method };
  const deposits = useDeposits(channel.chainId, (list) =>
    isAwaitingDeposits(listDepositRows(list, sent, scope), Date.now()),
  );
  const rows = listDepositRows(deposits.data?.list ?? [], sent, scope);
  const MethodIcon = channel.method === DepositMethod.WALLET ? Wallet : QrCode;

  return (
    <>
      <section className="channel-summary" data-testid="recharge-channel">
        <MethodIcon className="channel-summary__icon" size={24} aria-hidden="true" />
        <div className="channel-summary__main">
          <p className="channel-summary__network" data-testid="recharge-channel-network">
            {getNetworkName(channel.chainId, channel.network)} · {channel.asset}
          </p>
          <p className="channel-summary__method">{t(getDepositMethodKey(channel.method))}</p>
        </div>
        <button
          type="button"
          className="channel-summary__change hit-area"
          onClick={onChange}
          data-testid="recharge-change"
        >
          <ArrowsClockwise size={16} aria-hidden="true" />
          {t('recharge.change')}
        </button>
      </section>
      {channel.method === DepositMethod.WALLET ? (
        <WalletDeposit channel={channel} onSent={setSent} />
      ) : (
        <TransferDeposit channel={channel} />
      )}
      <h2 className="section-title">{t(`recharge.listTitles.${channel.method}`)}</h2>
      <DepositList
        rows={rows}
        emptyText={t(`recharge.listEmpty.${channel.method}`)}
        required={channel.confirmations}
        asset={channel.asset}
        nowMs={nowMs}
        isLoading={deposits.isPending}
        isError={deposits.isError}
        onRetry={() => void deposits.refetch()}
        onAccelerate={setAccelerateHash}
      />
      <p className="page-link-row">
        <button
          type="button"
          className="link-button hit-area"
          onClick={() => setAccelerateHash('')}
          data-testid="recharge-accelerate-link"
        >
          {t('recharge.accelerateLink')}
        </button>
      </p>
      <AccelerateSheet
        isOpen={accelerateHash !== null}
        chainId={channel.chainId}
        network={getNetworkName(channel.chainId, channel.network)}
        confirmations={channel.confirmations}
        initialHash={accelerateHash ?? ''}
        onClose={() => setAccelerateHash(null)}
      />
    </>
  );
}
