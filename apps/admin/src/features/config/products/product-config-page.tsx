import { Permission } from '@kpc/shared/operator';
import { Button, InputNumber, Select, Skeleton, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { PageTitle } from '@/components/page-title.tsx';
import { ReasonDialog } from '@/components/reason-dialog.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { useCan } from '@/lib/session.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { ConfigHistory } from '../components/config-history.tsx';
import { useProductChange, useProductRows, type ProductRow } from './api.ts';
import { showField, textOf, type DomainSpec } from './domains.ts';
import { ProductEditDrawer } from './product-edit-drawer.tsx';
import { useLabels } from './labels.ts';

/** Offer or withdraw a row and set its place: a reason, no money (config.manage alone). */
function AvailabilityDialog({ spec, row, onClose }: { spec: DomainSpec; row: ProductRow | null; onClose: () => void }) {
  const { label } = useLabels();
  const change = useProductChange(spec.domain);
  const [status, setStatus] = useState<'active' | 'closed'>('active');
  const [sortOrder, setSortOrder] = useState<number>(0);
  const [opened, setOpened] = useState<ProductRow | null>(null);
  if (row !== opened) {
    setOpened(row);
    if (row) {
      setStatus(row.status === 'active' ? 'closed' : 'active');
      setSortOrder(Number(row.sortOrder ?? 0));
    }
  }
  return (
    <ReasonDialog
      open={row !== null}
      title={label('availability.title', { id: textOf(row?.[spec.key]) })}
      okText={label('actions.apply')}
      text={
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text type="secondary">{label('availability.text')}</Typography.Text>
          <Space>
            <Select
              value={status}
              onChange={setStatus}
              style={{ width: 200 }}
              data-testid="config-availability-status"
              options={[
                { value: 'active', label: label('statuses.active') },
                { value: 'closed', label: label('statuses.closed') },
              ]}
            />
            {spec.sortable && (
              <InputNumber
                precision={0}
                value={sortOrder}
                onChange={(value) => setSortOrder(value ?? 0)}
                addonBefore={label('fields.sortOrder')}
              />
            )}
          </Space>
        </Space>
      }
      onSubmit={async (reason) => {
        if (!row) return;
        await change.mutateAsync({
          action: 'status',
          body: {
            id: textOf(row[spec.key]),
            status,
            ...(spec.sortable ? { sortOrder } : {}),
            version: row.version,
            reason,
          },
        });
        notifySuccess(label('saved'));
      }}
      onClose={onClose}
    />
  );
}

/**
 * One product domain's configuration page (Step 8b §2): its rows with their terms, new / edit
 * (money terms: admin + finance and a fresh second factor) / offer or withdraw, and the versions.
 */
export function ProductConfigPage({ spec }: { spec: DomainSpec }) {
  const { label, field } = useLabels();
  const rows = useProductRows(spec.domain);
  const canChangeTerms = useCan(Permission.CONFIG_MONEY);
  const [editing, setEditing] = useState<ProductRow | null | undefined>(undefined);
  const [opening, setOpening] = useState(0);
  const edit = (row: ProductRow | null) => {
    setOpening((n) => n + 1);
    setEditing(row);
  };
  const [availability, setAvailability] = useState<ProductRow | null>(null);

  const columns: TableColumnsType<ProductRow> = [
    ...(spec.key === 'id'
      ? [{ key: 'id', title: field('id'), dataIndex: 'id', width: 60, fixed: 'left' as const }]
      : []),
    ...spec.fields.map((f) => ({
      key: f.name,
      title: field(f.name),
      render: (_: unknown, row: ProductRow) => <span className="mono">{showField(f.kind, row[f.name])}</span>,
    })),
    ...(spec.sortable ? [{ key: 'sortOrder', title: field('sortOrder'), dataIndex: 'sortOrder', width: 70 }] : []),
    {
      key: 'status',
      title: field('status'),
      width: 110,
      render: (_, row) => <StatusTag status={row.status === 'active' ? 'active' : 'disabled'} />,
    },
    { key: 'version', title: field('version'), width: 80, render: (_, row) => `v${row.version}` },
    {
      key: 'actions',
      title: '',
      fixed: 'right',
      width: 190,
      render: (_, row) => (
        <Space>
          <Button
            size="small"
            disabled={!canChangeTerms}
            onClick={() => edit(row)}
            data-testid={`config-edit-${textOf(row[spec.key])}`}
          >
            {label('actions.edit')}
          </Button>
          <Button
            size="small"
            onClick={() => setAvailability(row)}
            data-testid={`config-availability-${textOf(row[spec.key])}`}
          >
            {row.status === 'active' ? label('actions.withdraw') : label('actions.offer')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid={`config-products-${spec.domain}`}>
      <PageTitle
        title={label(`domains.${spec.domain}.title`)}
        extra={
          <Button type="primary" disabled={!canChangeTerms} onClick={() => edit(null)} data-testid="config-new">
            {label('actions.new')}
          </Button>
        }
      />
      <Typography.Paragraph type="secondary">{label(`domains.${spec.domain}.text`)}</Typography.Paragraph>
      {!canChangeTerms && <Typography.Paragraph type="warning">{label('moneyNeedsFinance')}</Typography.Paragraph>}
      {rows.isPending ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : (
        <Table<ProductRow>
          size="small"
          rowKey={(row) => textOf(row[spec.key])}
          dataSource={rows.data ?? []}
          columns={columns}
          pagination={false}
          scroll={{ x: 'max-content' }}
          style={{ marginBottom: 24 }}
          locale={{ emptyText: label('empty') }}
        />
      )}
      <ConfigHistory domain={spec.domain} />
      <ProductEditDrawer key={opening} spec={spec} row={editing} onClose={() => setEditing(undefined)} />
      <AvailabilityDialog spec={spec} row={availability} onClose={() => setAvailability(null)} />
    </div>
  );
}
