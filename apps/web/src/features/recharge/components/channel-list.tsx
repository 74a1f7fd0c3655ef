import { ChannelStatus, DepositMethod, type TDepositChannel } from '@kpc/shared';
import { QrCode, Wallet } from '@phosphor-icons/react';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { getChannelStatusKey, getDepositMethodKey } from '@/features/recharge/utils/labels.ts';

interface ChannelListProps {
  channels: readonly TDepositChannel[];
  onChoose: (channel: TDepositChannel) => void;
}

/** SPEC §2 Recharge "channel choice": each network and method with its state (open, paused, not open yet). */
export function ChannelList({ channels, onChoose }: ChannelListProps) {
  const { t } = useTranslation();
  return (
    <List mode="card" className="dark-list channel-list" header={t('recharge.chooseChannel')}>
      {channels.map((channel) => {
        const isOpen = channel.status === ChannelStatus.OPEN;
        const MethodIcon = channel.method === DepositMethod.WALLET ? Wallet : QrCode;
        return (
          <List.Item
            key={channel.id}
            prefix={<MethodIcon size={24} />}
            description={t(getDepositMethodKey(channel.method))}
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
              {channel.network} · {channel.asset}
            </span>
          </List.Item>
        );
      })}
    </List>
  );
}
