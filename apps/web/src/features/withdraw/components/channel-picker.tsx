import type { TWithdrawChannel } from '@kpc/shared';
import { WarningCircle } from '@phosphor-icons/react';
import { useTranslation } from 'react-i18next';
import { ChoiceSelector } from '@/components/choice-selector.tsx';
import { getNetworkName } from '@/lib/network-name.ts';
import {
  getAssetChannels,
  getChannelProblemKey,
  getChannelStatusKey,
  getWithdrawAssets,
  type ChannelChoice,
} from '@/features/withdraw/utils/withdraw-form.ts';

interface ChannelPickerProps {
  channels: readonly TWithdrawChannel[];
  channel: TWithdrawChannel;
  onChange: (choice: ChannelChoice) => void;
}

/**
 * Currency and network of a withdrawal (SPEC §2 Withdraw). A paused or not-yet-open network can
 * still be looked at, with its SPEC §8 message; the form then takes no withdrawal on it.
 * Test ids: `withdraw-asset-<asset>`, `withdraw-network-<chainId>`, `withdraw-channel-notice`.
 */
export function ChannelPicker({ channels, channel, onChange }: ChannelPickerProps) {
  const { t } = useTranslation();
  const problemKey = getChannelProblemKey(channel.status);

  return (
    <section className="withdraw-channel" data-testid="withdraw-channel">
      <div className="withdraw-channel__block">
        <span className="withdraw-channel__label">{t('withdraw.currency')}</span>
        <ChoiceSelector
          columns={3}
          choices={getWithdrawAssets(channels).map((asset) => ({
            value: asset,
            label: asset,
            testId: `withdraw-asset-${asset}`,
          }))}
          value={channel.asset}
          onChange={(asset) => onChange({ asset })}
        />
      </div>
      <div className="withdraw-channel__block">
        <span className="withdraw-channel__label">{t('withdraw.network')}</span>
        <ChoiceSelector
          columns={2}
          choices={getAssetChannels(channels, channel.asset).map((network) => {
            const statusKey = getChannelStatusKey(network.status);
            return {
              value: network.chainId,
              label: getNetworkName(network.chainId, network.network),
              description: statusKey ? t(statusKey) : undefined,
              testId: `withdraw-network-${network.chainId}`,
            };
          })}
          value={channel.chainId}
          onChange={(chainId) => onChange({ asset: channel.asset, chainId })}
        />
      </div>
      {problemKey && (
        <p className="withdraw-channel__notice" role="alert" data-testid="withdraw-channel-notice">
          <WarningCircle size={18} aria-hidden="true" />
          {t(problemKey)}
        </p>
      )}
    </section>
  );
}
