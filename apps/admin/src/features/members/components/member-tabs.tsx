import type { TMemberBalance, TMemberDetail, TMemberSession } from '@kpc/shared/operator';
import { Segmented, Table, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDateTime } from '@/lib/format.ts';
import { buildRecordColumns } from './record-columns.tsx';
import { RecordsTable } from './records-table.tsx';

type PlanKind = 'investment' | 'esop';
type ApplicationKind = 'card' | 'node' | 'shareholder';

/** The member's records, one tab each; a tab's list loads when it is first opened. */
export function MemberTabs({ detail }: { detail: TMemberDetail }) {
  const { t } = useTranslation();
  const memberId = detail.member.id;
  const columns = buildRecordColumns(t);
  const [planKind, setPlanKind] = useState<PlanKind>('investment');
  const [applicationKind, setApplicationKind] = useState<ApplicationKind>('card');

  const items = [
    {
      key: 'balances',
      label: t('members.tabs.balances'),
      children: (
        <Table<TMemberBalance>
          size="small"
          rowKey={(row) => `${row.asset}:${row.bucket}`}
          pagination={false}
          dataSource={detail.balances}
          data-testid="member-balances"
          columns={[
            { title: t('records.asset'), dataIndex: 'asset' },
            {
              title: t('records.bucket'),
              dataIndex: 'bucket',
              render: (bucket: string) => t(`bucket.${bucket as 'available'}`, { defaultValue: bucket }),
            },
            {
              title: t('records.balance'),
              dataIndex: 'balance',
              align: 'right',
              render: (value: string) => <span className="mono">{formatAmount(value)}</span>,
            },
          ]}
        />
      ),
    },
    {
      key: 'flow',
      label: t('members.tabs.flow'),
      children: <RecordsTable kind="flow" memberId={memberId} columns={columns.flow} rowKey="id" />,
    },
    {
      key: 'withdrawals',
      label: t('members.tabs.withdrawals'),
      children: <RecordsTable kind="withdrawals" memberId={memberId} columns={columns.withdrawals} rowKey="id" />,
    },
    {
      key: 'deposits',
      label: t('members.tabs.deposits'),
      children: <RecordsTable kind="deposits" memberId={memberId} columns={columns.deposits} rowKey="id" />,
    },
    {
      key: 'plans',
      label: t('members.tabs.plans'),
      children: (
        <>
          <Segmented<PlanKind>
            value={planKind}
            onChange={setPlanKind}
            options={[
              { value: 'investment', label: t('members.planKinds.investment') },
              { value: 'esop', label: t('members.planKinds.esop') },
            ]}
            style={{ marginBottom: 12 }}
          />
          <RecordsTable
            kind="plans"
            memberId={memberId}
            params={{ kind: planKind }}
            columns={columns.plans}
            rowKey="id"
          />
        </>
      ),
    },
    {
      key: 'pledges',
      label: t('members.tabs.pledges'),
      children: <RecordsTable kind="pledges" memberId={memberId} columns={columns.pledges} rowKey="id" />,
    },
    {
      key: 'cards',
      label: t('members.tabs.cards'),
      children: <RecordsTable kind="cards" memberId={memberId} columns={columns.cards} rowKey="id" />,
    },
    {
      key: 'applications',
      label: t('members.tabs.applications'),
      children: (
        <>
          <Segmented<ApplicationKind>
            value={applicationKind}
            onChange={setApplicationKind}
            options={[
              { value: 'card', label: t('members.applicationKinds.card') },
              { value: 'node', label: t('members.applicationKinds.node') },
              { value: 'shareholder', label: t('members.applicationKinds.shareholder') },
            ]}
            style={{ marginBottom: 12 }}
          />
          <RecordsTable
            kind="applications"
            memberId={memberId}
            params={{ kind: applicationKind }}
            columns={columns.applications}
            rowKey="id"
          />
        </>
      ),
    },
    {
      key: 'team',
      label: t('members.tabs.team'),
      children: <RecordsTable kind="team" memberId={memberId} columns={columns.team} rowKey="id" />,
    },
    {
      key: 'sessions',
      label: t('members.tabs.sessions'),
      children: (
        <Table<TMemberSession>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={detail.sessions}
          data-testid="member-sessions"
          columns={[
            {
              title: t('members.signedInWith'),
              dataIndex: 'loginType',
              render: (type: number) =>
                t(`members.loginTypes.${type === -1 ? 'wallet' : type === 2 ? 'code' : 'password'}`),
            },
            {
              title: t('members.sessionStarted'),
              dataIndex: 'createdAt',
              render: (value: string) => formatDateTime(value),
            },
            { title: t('members.lastSeen'), dataIndex: 'lastSeenAt', render: (value: string) => formatDateTime(value) },
            { title: t('members.expiresAt'), dataIndex: 'expiresAt', render: (value: string) => formatDateTime(value) },
            {
              title: t('members.status'),
              key: 'state',
              render: (_, session) =>
                session.active ? (
                  <Tag color="green">{t('members.sessionActive')}</Tag>
                ) : (
                  <Tag>{session.revokedAt ? t('members.sessionRevoked') : t('members.sessionExpired')}</Tag>
                ),
            },
            {
              title: t('members.revokedReason'),
              dataIndex: 'revokedReason',
              render: (reason: string | null) => reason ?? '—',
            },
          ]}
        />
      ),
    },
  ];

  return <Tabs items={items} destroyOnHidden data-testid="member-tabs" />;
}
