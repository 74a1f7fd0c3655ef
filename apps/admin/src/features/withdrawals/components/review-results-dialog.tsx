import type { TReviewWithdrawalsResponse } from '@kpc/shared/operator';
import { Button, Modal, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '@/components/status-tag.tsx';

type Result = TReviewWithdrawalsResponse['results'][number];
const OUTCOME_COLORS = {
  approved: 'green',
  rejected: 'red',
  already_decided: 'gold',
  member_frozen: 'cyan',
  not_found: 'default',
} as const satisfies Record<Result['outcome'], string>;

/** What became of each withdrawal of a batch: decided now, already decided by someone else (and where it is), or gone. */
export function ReviewResultsDialog({ results, onClose }: { results: Result[] | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={results !== null}
      title={t('withdrawals.resultsTitle')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common.done')}
        </Button>
      }
      width={560}
    >
      <Table<Result>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={results ?? []}
        data-testid="review-results"
        columns={[
          { title: t('withdrawals.id'), dataIndex: 'id', render: (id: string) => <span className="mono">{id}</span> },
          {
            title: t('withdrawals.outcome'),
            dataIndex: 'outcome',
            render: (outcome: Result['outcome']) => (
              <Tag color={OUTCOME_COLORS[outcome]} data-testid={`outcome-${outcome}`}>
                {t(`withdrawals.outcomes.${outcome}`)}
              </Tag>
            ),
          },
          {
            title: t('withdrawals.statusNow'),
            dataIndex: 'status',
            render: (status: string | null) => (status ? <StatusTag status={status} /> : '—'),
          },
        ]}
      />
    </Modal>
  );
}
