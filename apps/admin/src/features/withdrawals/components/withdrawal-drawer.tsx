import { Descriptions, Drawer, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '@/components/status-tag.tsx';
import { formatAmount, formatDateTime } from '@/lib/format.ts';
import { useWithdrawalDetail } from '../api/get-withdrawal-detail.ts';
import { networkName } from '@/lib/network-name.ts';

/** One withdrawal: where it goes, how it was paid, and every step of it with who took it. */
export function WithdrawalDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useWithdrawalDetail(id);
  const withdrawal = detail.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={560}
      title={t('withdrawals.detailTitle', { id: id ?? '' })}
      loading={detail.isLoading}
    >
      {withdrawal && (
        <>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              { key: 'status', label: t('withdrawals.status'), children: <StatusTag status={withdrawal.status} /> },
              {
                key: 'member',
                label: t('withdrawals.member'),
                children: withdrawal.memberEmail ?? withdrawal.memberWallet ?? withdrawal.memberId,
              },
              {
                key: 'network',
                label: t('withdrawals.network'),
                children: networkName(withdrawal.chainId, withdrawal.network),
              },
              {
                key: 'amount',
                label: t('withdrawals.amount'),
                children: `${formatAmount(withdrawal.amount)} ${withdrawal.asset}`,
              },
              { key: 'fee', label: t('withdrawals.fee'), children: formatAmount(withdrawal.fee) },
              { key: 'received', label: t('withdrawals.received'), children: formatAmount(withdrawal.received) },
              {
                key: 'address',
                label: t('withdrawals.address'),
                children: <span className="mono">{withdrawal.address}</span>,
              },
              {
                key: 'from',
                label: t('withdrawals.fromAddress'),
                children: <span className="mono">{withdrawal.fromAddress ?? '—'}</span>,
              },
              { key: 'nonce', label: t('withdrawals.nonce'), children: withdrawal.nonce ?? '—' },
              {
                key: 'tx',
                label: t('withdrawals.txHash'),
                children: withdrawal.txHash ? (
                  withdrawal.explorerTxUrl ? (
                    <Typography.Link href={withdrawal.explorerTxUrl} target="_blank" rel="noreferrer" className="mono">
                      {withdrawal.txHash}
                    </Typography.Link>
                  ) : (
                    <span className="mono">{withdrawal.txHash}</span>
                  )
                ) : (
                  '—'
                ),
              },
            ]}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('withdrawals.history')}
          </Typography.Title>
          <Timeline
            items={withdrawal.events.map((event, index) => ({
              key: index,
              content: (
                <>
                  <StatusTag status={event.toStatus} />{' '}
                  <Typography.Text type="secondary">{formatDateTime(event.at)}</Typography.Text>
                  <div>
                    <Typography.Text className="mono">{event.actor}</Typography.Text>
                    {event.detail && <Typography.Text type="secondary"> — {event.detail}</Typography.Text>}
                  </div>
                </>
              ),
            }))}
          />
        </>
      )}
    </Drawer>
  );
}
