import { Permission } from '@kpc/shared/operator';
import { Typography } from 'antd';
import { Link } from 'react-router';
import { PageTitle } from '@/components/page-title.tsx';
import { ROUTES } from '@/config/routes.ts';
import { useCan } from '@/lib/session.ts';
import { ChannelsTable } from '../../deposits/components/channels-table.tsx';
import { ConfigHistory } from '../components/config-history.tsx';
import { useLabels } from './labels.ts';

/**
 * Deposit channels per chain (Step 8b §2). What a channel offers is configured per chain (its
 * contracts and hot wallet, set at deploy); what operators change is its switch (open, paused, not
 * open), which Step 8a's control already does, audited as `channel.set`. This page shows the
 * channels with that control (finance) and links to the deposits screen.
 */
export default function ChannelsConfigPage() {
  const { label } = useLabels();
  const canSwitch = useCan(Permission.CHANNELS_MANAGE);
  const canReadPayments = useCan(Permission.PAYMENTS_READ);
  return (
    <div data-testid="config-products-channels">
      <PageTitle title={label('domains.channels.title')} />
      <Typography.Paragraph type="secondary">
        {label('domains.channels.text')} {canReadPayments && <Link to={ROUTES.deposits}>{label('channelsLink')}</Link>}
      </Typography.Paragraph>
      {canReadPayments ? (
        <ChannelsTable canSwitch={canSwitch} />
      ) : (
        <Typography.Paragraph type="warning">{label('channelsNeedPayments')}</Typography.Paragraph>
      )}
      <div style={{ marginTop: 24 }}>
        <ConfigHistory domain="channels" />
      </div>
    </div>
  );
}
