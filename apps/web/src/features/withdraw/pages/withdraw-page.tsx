import { ClockCounterClockwise, HandCoins } from '@phosphor-icons/react';
import { Empty } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/load-failed.tsx';
import { PageLoading } from '@/components/page-loading.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { navigateTo } from '@/lib/navigation.ts';
import { useWithdrawChannels } from '@/features/withdraw/api/get-withdraw-channels.ts';
import { ChannelPicker } from '@/features/withdraw/components/channel-picker.tsx';
import { WithdrawEmailRequired } from '@/features/withdraw/components/withdraw-email-required.tsx';
import { WITHDRAW_RECORDS_URL, WithdrawForm } from '@/features/withdraw/components/withdraw-form.tsx';
import { WithdrawNotes } from '@/features/withdraw/components/withdraw-notes.tsx';
import { chooseChannel, type ChannelChoice } from '@/features/withdraw/utils/withdraw-form.ts';
import '@/features/withdraw/withdraw.css';

/**
 * /pages/asset/withdraw (login required) — SPEC §2 Withdraw: currency and network, address, amount
 * with All, the emailed code, the fee and amount received, and the notes. An account without an
 * email cannot receive the code, so it sees why instead of the form.
 */
export function WithdrawPage() {
  const { t } = useTranslation();
  const channelsQuery = useWithdrawChannels();
  const [wanted, setWanted] = useState<ChannelChoice>({});
  const data = channelsQuery.data;
  const channel = data ? chooseChannel(data.list, wanted) : undefined;

  const recordsLink = (
    <button
      type="button"
      className="icon-button"
      aria-label={t('withdraw.records')}
      onClick={() => navigateTo(WITHDRAW_RECORDS_URL)}
      data-testid="withdraw-records-link"
    >
      <ClockCounterClockwise size={22} />
    </button>
  );

  let content;
  if (!data) {
    content = channelsQuery.isError ? <LoadFailed onRetry={() => void channelsQuery.refetch()} /> : <PageLoading />;
  } else if (data.email === null) {
    content = <WithdrawEmailRequired />;
  } else if (!channel) {
    content = (
      <Empty
        className="empty-state"
        image={<HandCoins size={64} weight="thin" />}
        description={t('withdraw.noChannels')}
      />
    );
  } else {
    content = (
      <>
        <ChannelPicker channels={data.list} channel={channel} onChange={setWanted} />
        <WithdrawForm channel={channel} email={data.email} />
        <WithdrawNotes channel={channel} />
      </>
    );
  }

  return (
    <div className="page" data-testid="withdraw-page">
      <PageNavBar title={t('withdraw.title')} right={recordsLink} />
      {content}
    </div>
  );
}
