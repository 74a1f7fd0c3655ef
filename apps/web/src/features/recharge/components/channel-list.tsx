import { ChannelStatus, DepositMethod, type TDepositChannel, type TDepositMethod } from '@kpc/shared';
import { QrCode, Wallet } from '@phosphor-icons/react';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { getNetworkName } from '@/lib/network-name.ts';
import {
  DEPOSIT_METHODS,
  getChannelStatusKey,
  getDepositMethodHintKey,
  getDepositMethodKey,
} from '@/features/recharge/utils/labels.ts';

interface ChannelListProps {
  channels: readonly TDepositChannel[];
  /** Only this method's networks (Home's Recharge or Deposit tile), or both, each under its name. */
  method: TDepositMethod | null;
  onChoose: (channel: TDepositChannel) => void;
}

/**
 * SPEC §2 Recharge "channel choice": Recharge (from the wallet, through the Recharge contract) and
 * Deposit (to the shown address), each with its networks and their state (open, paused, not open yet).
 */
export function ChannelList({ channels, method, onChoose }: ChannelListProps) {
  const { t } = useTranslation();
  const groups = DEPOSIT_METHODS.filter((each) => method === null || each === method)
    .map((each) => ({ method: each, channels: channels.filter((channel) => channel.method === each) }))
    .filter((group) => group.channels.length > 0);

  return (
    <>
      {groups.map((group) => {
        const MethodIcon = group.method === DepositMethod.WALLET ? Wallet : QrCode;
        return (
          <section key={group.method} className="channel-group" data-testid={`recharge-group-${group.method}`}>
            <h2 className="channel-group__title">{t(getDepositMethodKey(group.method))}</h2>
            <p className="channel-group__hint">{t(getDepositMethodHintKey(group.method))}</p>
            <List mode="card" className="dark-list channel-list">
              {group.channels.map((channel) => {
                const isOpen = channel.status === ChannelStatus.OPEN;
                return (
                  <List.Item
                    key={channel.id}
                    prefix={<MethodIcon size={24} aria-hidden="true" />}
                    extra={
                      <span
                        className={isOpen ? 'channel-status channel-status--open' : 'channel-status'}
                        data-testid={`recharge-channel-${channel.id}-status`}
                      >
                        {t(getChannelStatusKey(channel.status))}
                      </span>
                    }
                    className={isOpen ? 'channel-list__item' : 'channel-list__item channel-list__item--closed'}
                    onClick={() => onChoose(channel)}
                    data-testid={`recharge-channel-${channel.id}`}
                  >
                    <span className="channel-list__network">
                      {getNetworkName(channel.chainId, channel.network)} · {channel.asset}
                    </span>
                  </List.Item>
                );
              })}
            </List>
          </section>
        );
      })}
    </>
  );
}
