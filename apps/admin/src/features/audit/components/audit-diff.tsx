import type { TAuditEntry } from '@kpc/shared/operator';
import { Descriptions, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { diffRows, showValue, type DiffRow } from '@/lib/diff-rows.ts';

/** One audit entry opened: its reason, address and the fields it changed, before and after. */
export function AuditDiff({ entry }: { entry: TAuditEntry }) {
  const { t } = useTranslation();
  const rows = diffRows(entry.before, entry.after);
  return (
    <div style={{ padding: '4px 8px' }} data-testid="audit-diff">
      <Descriptions
        size="small"
        column={3}
        style={{ marginBottom: 12 }}
        items={[
          { key: 'id', label: t('audit.entryId'), children: <span className="mono">{entry.id}</span> },
          { key: 'actor', label: t('audit.actorId'), children: <span className="mono">{entry.actorId ?? '—'}</span> },
          { key: 'ip', label: t('audit.ip'), children: <span className="mono">{entry.ip ?? '—'}</span> },
        ]}
      />
      {rows.length === 0 ? (
        <Typography.Text type="secondary">{t('audit.noChanges')}</Typography.Text>
      ) : (
        <Table<DiffRow>
          size="small"
          rowKey="field"
          pagination={false}
          dataSource={rows}
          rowClassName={(row) => (row.changed ? 'diff-changed' : '')}
          columns={[
            {
              title: t('audit.field'),
              dataIndex: 'field',
              width: 220,
              render: (field: string) => <span className="mono">{field}</span>,
            },
            {
              title: t('audit.before'),
              dataIndex: 'before',
              render: (value: unknown) => <span className="mono">{showValue(value)}</span>,
            },
            {
              title: t('audit.after'),
              dataIndex: 'after',
              render: (value: unknown) => <span className="mono">{showValue(value)}</span>,
            },
          ]}
        />
      )}
    </div>
  );
}
