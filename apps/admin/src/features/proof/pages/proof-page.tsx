import { CameraOutlined, ReloadOutlined } from '@ant-design/icons';
import { Permission } from '@kpc/shared/operator';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Empty, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title.tsx';
import { notifySuccess } from '@/lib/notify.ts';
import { useCan } from '@/lib/session.ts';
import { BUILDING_POLL_MS, PROOF_QUERY_KEY, useLatestSnapshot } from '../api/list-snapshots.ts';
import { useTakeSnapshot } from '../api/take-snapshot.ts';
import { LatestSnapshot } from '../components/latest-snapshot.tsx';
import { SnapshotsTable } from '../components/snapshots-table.tsx';

/**
 * Proof of liabilities (Step 11 §1): the latest snapshot's totals against the reserves on chain
 * with their ratio, each chain's reserves at its block, the history, and a snapshot taken now
 * (admin and finance, after a confirmation; audited).
 */
export default function ProofPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const canTake = useCan(Permission.PROOF_SNAPSHOT);
  const latest = useLatestSnapshot();
  const take = useTakeSnapshot();

  function confirmTake() {
    modal.confirm({
      title: t('proof.takeTitle'),
      content: t('proof.takeText'),
      okText: t('proof.takeNow'),
      cancelText: t('common.cancel'),
      onOk: () =>
        take
          .mutateAsync()
          .then(() => notifySuccess(t('proof.takeStarted')))
          .catch(() => undefined),
    });
  }

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <PageTitle
        title={t('nav.proof')}
        extra={
          <Space>
            <Button
              icon={<ReloadOutlined />}
              loading={latest.isFetching && !take.isPending}
              onClick={() => void queryClient.invalidateQueries({ queryKey: PROOF_QUERY_KEY })}
            >
              {t('common.refresh')}
            </Button>
            {canTake && (
              <Button
                type="primary"
                icon={<CameraOutlined />}
                loading={take.isPending}
                onClick={confirmTake}
                data-testid="proof-take"
              >
                {t('proof.takeNow')}
              </Button>
            )}
          </Space>
        }
      />
      {latest.data?.isBuilding && (
        <Alert type="info" showIcon title={t('proof.building')} data-testid="proof-building" />
      )}
      {latest.data?.latest ? (
        <LatestSnapshot snapshot={latest.data.latest} />
      ) : (
        <Card size="small">
          {latest.isLoading ? <Spin /> : <Empty description={t('proof.none')} data-testid="proof-none" />}
        </Card>
      )}
      <Card size="small" title={t('proof.history')}>
        <SnapshotsTable refetchInterval={latest.data?.isBuilding ? BUILDING_POLL_MS : undefined} />
      </Card>
    </Space>
  );
}
