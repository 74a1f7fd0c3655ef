import { ActivationCodeStatus, type TActivationCodeStatus } from '@kpc/shared';
import type { TOperatorActivationCode } from '@kpc/shared/operator';
import { Button, Card, Empty, Input, Segmented, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CursorPager } from '@/components/cursor-pager.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { ReasonDialog } from '@/components/reason-dialog.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useCursorPages } from '@/lib/use-cursor-pages.ts';
import { CODES_QUERY_KEY, lookupCodes, useVoidCode } from '../api/codes.ts';
import { CodeHistory, MemberLink } from '../components/code-history.tsx';

const QUERY_PARAM = 'q';
const STATUS_COLORS: Record<TActivationCodeStatus, string> = { unused: 'green', used: 'blue', voided: 'red' };
type StatusFilter = TActivationCodeStatus | 'all';

/**
 * Activation codes (Step 8b §1): look a code up by the whole code, its visible part or its owner;
 * each row unfolds into who bought it and who gave it to whom; an unused code can be voided with a
 * reason (audited), after which it can never be used or given.
 */
export default function CodesPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const query = search.get(QUERY_PARAM)?.trim() ?? '';
  const [status, setStatus] = useState<StatusFilter>('all');
  const [voiding, setVoiding] = useState<TOperatorActivationCode | null>(null);
  const voidCode = useVoidCode();
  const pages = useCursorPages({
    queryKey: CODES_QUERY_KEY,
    fetchPage: lookupCodes,
    filters: { query, ...(status === 'all' ? {} : { status }) },
    enabled: query !== '',
  });

  const columns: TableColumnsType<TOperatorActivationCode> = [
    {
      title: t('codes.code'),
      dataIndex: 'hint',
      render: (hint: string, code) => (
        <span className="mono" data-testid={`code-${code.id}-hint`}>
          {hint}
        </span>
      ),
    },
    {
      title: t('codes.statusLabel'),
      dataIndex: 'status',
      width: 110,
      render: (value: TActivationCodeStatus, code) => (
        <Tag color={STATUS_COLORS[value]} data-testid={`code-${code.id}-status`}>
          {t(`codes.status.${value}`)}
        </Tag>
      ),
    },
    {
      title: t('codes.owner'),
      key: 'owner',
      render: (_, code) => <MemberLink id={code.ownerId} email={code.ownerEmail} />,
    },
    {
      title: t('codes.transfers'),
      key: 'transfers',
      width: 110,
      render: (_, code) => code.transfers.length,
    },
    {
      title: t('codes.usedFor'),
      key: 'used',
      render: (_, code) =>
        code.usedAt ? (
          <>
            <span className="mono">{code.usedFor}</span>
            <Typography.Text type="secondary"> · {formatDateTime(code.usedAt)}</Typography.Text>
          </>
        ) : (
          '—'
        ),
    },
    {
      title: t('codes.createdAt'),
      dataIndex: 'createdAt',
      width: 180,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: '',
      key: 'actions',
      width: 100,
      render: (_, code) =>
        code.status === ActivationCodeStatus.UNUSED ? (
          <Button size="small" danger onClick={() => setVoiding(code)} data-testid={`code-${code.id}-void`}>
            {t('codes.void.action')}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <PageTitle title={t('nav.codes')} />
      <Card>
        <div className="toolbar">
          <Input.Search
            defaultValue={query}
            key={query}
            allowClear
            enterButton={t('common.search')}
            placeholder={t('codes.searchPlaceholder')}
            onSearch={(value) => setSearch(value.trim() ? { [QUERY_PARAM]: value.trim() } : {})}
            style={{ width: 560 }}
            data-testid="code-search"
          />
          <Segmented<StatusFilter>
            value={status}
            onChange={setStatus}
            options={(['all', 'unused', 'used', 'voided'] as const).map((value) => ({
              value,
              label: t(`codes.status.${value}`),
            }))}
            data-testid="code-status-filter"
          />
        </div>
        {query === '' ? (
          <Empty description={t('codes.searchHint')} data-testid="codes-empty" />
        ) : (
          <>
            <Table<TOperatorActivationCode>
              rowKey="id"
              size="middle"
              columns={columns}
              dataSource={pages.rows}
              loading={pages.query.isFetching}
              pagination={false}
              expandable={{ expandedRowRender: (code) => <CodeHistory code={code} /> }}
              locale={{ emptyText: t('codes.noMatch') }}
              data-testid="codes-table"
            />
            <div className="table-footer">
              <span />
              <CursorPager pages={pages} />
            </div>
          </>
        )}
      </Card>
      <ReasonDialog
        open={voiding !== null}
        title={t('codes.void.title', { code: voiding?.hint ?? '' })}
        text={t('codes.void.text')}
        okText={t('codes.void.confirm')}
        danger
        onSubmit={async (reason) => {
          if (!voiding) return;
          await voidCode.mutateAsync({ id: voiding.id, reason });
          notifySuccess(t('codes.void.done'));
        }}
        onClose={() => setVoiding(null)}
      />
    </>
  );
}
