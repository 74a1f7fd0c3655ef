import { ChannelStatus, type TDepositChannel } from '@kpc/shared';
import { Coins } from '@phosphor-icons/react';
import { Empty } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed.tsx';
import { PageLoading } from '@/components/page-loading.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { RECHARGE_CHANNEL_PARAM } from '@/config/routes.ts';
import { useRefreshUserInfo } from '@/lib/api/get-user-info.ts';
import { showToast } from '@/lib/toast.ts';
import { useDepositChannels } from '@/features/recharge/api/get-deposit-channels.ts';
import { ChannelDetail } from '@/features/recharge/components/channel-detail.tsx';
import { ChannelList } from '@/features/recharge/components/channel-list.tsx';
import { getChannelRefusalKey, getDepositMethodKey, readChannelParam } from '@/features/recharge/utils/labels.ts';
import '@/features/recharge/recharge.css';

/**
 * /pages/asset/recharge (login required) — USDT in (SPEC §2 Recharge): Recharge from the wallet
 * through the Recharge contract, or Deposit to the shown address. Choose a channel (a method and a
 * network), then its detail. The choice is kept in `?channel=`: `<chainId>-<method>` for a channel,
 * so a reload (e.g. after the wallet changes chain) stays on it and back returns to the choice; or
 * just `wallet` / `transfer` (Home's Recharge and Deposit tiles) for that method's networks. The
 * title names the method once it is known.
 */
export function RechargePage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  // Set when this page pushed the channel over its own list: Change then goes back to that list.
  const isChosenHere = (useLocation().state as { isChosenHere?: boolean } | null)?.isChosenHere === true;
  const channels = useDepositChannels();
  // The bound wallet decides what is credited: read it fresh.
  useRefreshUserInfo();
  const { channelId, method } = readChannelParam(searchParams.get(RECHARGE_CHANNEL_PARAM));
  // A channel paused since it was chosen shows the choice again, with its state.
  const chosen = channels.data?.list.find(
    (channel) => channel.id === channelId && channel.status === ChannelStatus.OPEN,
  );

  function chooseChannel(channel: TDepositChannel) {
    const refusalKey = getChannelRefusalKey(channel.status);
    if (refusalKey) {
      showToast(t(refusalKey));
      return;
    }
    const next = new URLSearchParams(searchParams);
    next.set(RECHARGE_CHANNEL_PARAM, channel.id);
    setSearchParams(next, { state: { isChosenHere: true } });
  }

  // Back to the list the channel was chosen from; opened on a channel directly (a link, a reload
  // after a wallet change), the networks of the same method: Recharge and Deposit are separate ways in.
  function changeChannel() {
    if (isChosenHere) {
      void navigate(-1);
      return;
    }
    const next = new URLSearchParams(searchParams);
    if (method) next.set(RECHARGE_CHANNEL_PARAM, method);
    else next.delete(RECHARGE_CHANNEL_PARAM);
    setSearchParams(next, { replace: true });
  }

  const listed = channels.data?.list.filter((channel) => method === null || channel.method === method) ?? [];

  let body;
  if (channels.data && chosen) {
    body = <ChannelDetail key={chosen.id} channel={chosen} onChange={changeChannel} />;
  } else if (channels.data && listed.length > 0) {
    body = <ChannelList channels={listed} method={method} onChoose={chooseChannel} />;
  } else if (channels.data) {
    body = (
      <Empty className="empty-state" image={<Coins size={64} weight="thin" />} description={t('recharge.noChannels')} />
    );
  } else if (channels.isError) {
    body = <LoadFailed onRetry={() => void channels.refetch()} />;
  } else {
    body = <PageLoading />;
  }

  return (
    <div className="page" data-testid="recharge-page">
      <PageNavBar title={method ? t(getDepositMethodKey(method)) : t('recharge.title')} />
      {body}
    </div>
  );
}
