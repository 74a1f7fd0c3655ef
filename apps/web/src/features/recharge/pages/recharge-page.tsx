import { ChannelStatus, type TDepositChannel } from '@kpc/shared';
import { Coins } from '@phosphor-icons/react';
import { DotLoading, Empty } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { RECHARGE_CHANNEL_PARAM } from '@/config/routes.ts';
import { useRefreshUserInfo } from '@/lib/api/get-user-info.ts';
import { showToast } from '@/lib/toast.ts';
import { useDepositChannels } from '@/features/recharge/api/get-deposit-channels.ts';
import { ChannelDetail } from '@/features/recharge/components/channel-detail.tsx';
import { ChannelList } from '@/features/recharge/components/channel-list.tsx';
import { getChannelRefusalKey } from '@/features/recharge/utils/labels.ts';
import '@/features/recharge/recharge.css';

/**
 * /pages/asset/recharge (login required) — deposit USDT (SPEC §2 Recharge): choose a channel (a
 * network and a method), then its detail. The channel is kept in `?channel=<chainId>-<method>`, so
 * a reload (e.g. after the wallet changes chain) stays on it and back returns to the choice.
 */
export function RechargePage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const channels = useDepositChannels();
  // The bound wallet decides what is credited: read it fresh.
  useRefreshUserInfo();
  const chosenId = searchParams.get(RECHARGE_CHANNEL_PARAM);
  // A channel paused since it was chosen shows the choice again, with its state.
  const chosen = channels.data?.list.find(
    (channel) => channel.id === chosenId && channel.status === ChannelStatus.OPEN,
  );

  function chooseChannel(channel: TDepositChannel) {
    const refusalKey = getChannelRefusalKey(channel.status);
    if (refusalKey) {
      showToast(t(refusalKey));
      return;
    }
    const next = new URLSearchParams(searchParams);
    next.set(RECHARGE_CHANNEL_PARAM, channel.id);
    setSearchParams(next);
  }

  function changeChannel() {
    const next = new URLSearchParams(searchParams);
    next.delete(RECHARGE_CHANNEL_PARAM);
    setSearchParams(next, { replace: true });
  }

  let body;
  if (channels.data && chosen) {
    body = <ChannelDetail key={chosen.id} channel={chosen} onChange={changeChannel} />;
  } else if (channels.data && channels.data.list.length > 0) {
    body = <ChannelList channels={channels.data.list} onChoose={chooseChannel} />;
  } else if (channels.data) {
    body = (
      <Empty className="empty-state" image={<Coins size={64} weight="thin" />} description={t('recharge.noChannels')} />
    );
  } else if (channels.isError) {
    body = <LoadFailed onRetry={() => void channels.refetch()} />;
  } else {
    body = (
      <div className="page-loading" role="status">
        <DotLoading color="primary" />
      </div>
    );
  }

  return (
    <div className="page" data-testid="recharge-page">
      <PageNavBar title={t('recharge.title')} />
      {body}
    </div>
  );
}
