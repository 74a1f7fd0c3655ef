import { SearchOutlined } from '@ant-design/icons';
import { Permission, ZAuditFilter, type TAuditEntry } from '@kpc/shared/operator';
import { useQuery } from '@tanstack/react-query';
import {
  AutoComplete,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  Table,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CursorPager } from '@/components/cursor-pager.tsx';
import { ExportButton } from '@/components/export-button.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { formatDateTime, shortenId } from '@/lib/format.ts';
import { request } from '@/lib/request.ts';
import { useCan } from '@/lib/session.ts';
import { useCursorPages } from '@/lib/use-cursor-pages.ts';
import { validateForm } from '@/lib/validate-form.ts';
import { AUDIT_QUERY_KEY, listAudit } from '../api/list-audit.ts';
import { AuditDiff } from '../components/audit-diff.tsx';

type TAuditFilter = z.infer<typeof ZAuditFilter>;

interface FilterValues {
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** Action prefixes offered while typing (an action, or a prefix ending in `.`, as the server reads it). */
const ACTION_SUGGESTIONS = [
  'operator.',
  'operator.sign_in',
  'operator.sign_in_failed',
  'operator.invite',
  'operator.set_roles',
  'operator.reset_second_factor',
  'member.',
  'member.freeze',
  'member.revoke_sessions',
  'withdrawal.',
  'withdrawal.approve',
  'withdrawal.reject',
  'withdrawal.settle',
  'channel.set',
  'card.',
  'node.',
  'stockholder.',
  'notice.',
];

const blankToUndefined = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** The audit log: who did what to which target and when, with the fields changed; searchable and exportable. */
export default function AuditPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<TAuditFilter>({});
  const canListOperators = useCan(Permission.OPERATORS_MANAGE);
  const operators = useQuery({
    queryKey: ['operators'],
    queryFn: async () =>
      (await request<{ list: Array<{ id: string; name: string; email: string }> }>('/operators/list')).list,
    enabled: canListOperators,
  });
  const pages = useCursorPages({ queryKey: AUDIT_QUERY_KEY, fetchPage: listAudit, filters });

  function applyFilters() {
    const values = form.getFieldsValue();
    const [from, to] = values.range ?? [null, null];
    const parsed = validateForm(
      form,
      ZAuditFilter,
      Object.fromEntries(
        Object.entries({
          actor: blankToUndefined(values.actor),
          action: blankToUndefined(values.action),
          targetType: blankToUndefined(values.targetType),
          targetId: blankToUndefined(values.targetId),
          from: from?.toISOString(),
          to: to?.toISOString(),
        }).filter(([, value]) => value !== undefined),
      ),
      ['actor', 'action', 'targetType', 'targetId', 'range'],
    );
    if (parsed) setFilters(parsed);
  }

  function filterBy(values: Partial<FilterValues>) {
    form.setFieldsValue(values);
    applyFilters();
  }

  const columns: TableColumnsType<TAuditEntry> = [
    { title: t('audit.at'), dataIndex: 'at', width: 180, render: (value: string) => formatDateTime(value) },
    {
      title: t('audit.actor'),
      key: 'actor',
      render: (_, entry) => (
        <>
          {entry.actorId ? (
            <Typography.Link onClick={() => filterBy({ actor: entry.actorId ?? '' })}>
              {entry.actorName}
            </Typography.Link>
          ) : (
            entry.actorName
          )}
          {entry.actorType !== 'operator' && (
            <Tag style={{ marginLeft: 6 }}>{t(`audit.actorTypes.${entry.actorType}`)}</Tag>
          )}
        </>
      ),
    },
    {
      title: t('audit.role'),
      dataIndex: 'role',
      width: 120,
      render: (role: string | null) => (role ? t(`roles.${role as 'admin'}.name`, role) : '—'),
    },
    {
      title: t('audit.action'),
      dataIndex: 'action',
      render: (action: string) => (
        <Tag color={action.includes('failed') ? 'red' : 'geekblue'} className="mono">
          {action}
        </Tag>
      ),
    },
    {
      title: t('audit.target'),
      key: 'target',
      render: (_, entry) =>
        entry.targetType ? (
          <Tooltip title={entry.targetId}>
            <Typography.Link
              onClick={() => filterBy({ targetType: entry.targetType ?? '', targetId: entry.targetId ?? '' })}
            >
              <span className="mono">
                {entry.targetType}
                {entry.targetId ? ` · ${shortenId(entry.targetId)}` : ''}
              </span>
            </Typography.Link>
          </Tooltip>
        ) : (
          '—'
        ),
    },
    { title: t('audit.reason'), dataIndex: 'reason', ellipsis: true, render: (reason: string | null) => reason ?? '—' },
    {
      title: t('audit.ip'),
      dataIndex: 'ip',
      width: 140,
      render: (ip: string | null) => <span className="mono">{ip ?? '—'}</span>,
    },
  ];

  return (
    <>
      <PageTitle
        title={t('nav.audit')}
        extra={<ExportButton path="/audit/export" filters={filters} name="audit" testId="audit-export" />}
      />
      <Card>
        <Form form={form} layout="vertical" className="toolbar" onFinish={applyFilters}>
          <Form.Item name="actor" label={t('audit.actor')} style={{ marginBottom: 0, width: 220 }}>
            <AutoComplete
              allowClear
              placeholder={t('audit.actorPlaceholder')}
              options={(operators.data ?? []).map((operator) => ({
                value: operator.id,
                label: `${operator.name} · ${operator.email}`,
              }))}
              filterOption={(input, option) =>
                String(option?.label ?? '')
                  .toLowerCase()
                  .includes(input.toLowerCase())
              }
            />
          </Form.Item>
          <Form.Item name="action" label={t('audit.action')} style={{ marginBottom: 0, width: 220 }}>
            <AutoComplete
              allowClear
              placeholder={t('audit.actionPlaceholder')}
              options={ACTION_SUGGESTIONS.map((action) => ({ value: action }))}
              filterOption={(input, option) => String(option?.value ?? '').startsWith(input)}
            />
          </Form.Item>
          <Form.Item name="targetType" label={t('audit.targetType')} style={{ marginBottom: 0, width: 150 }}>
            <Input allowClear placeholder="member" />
          </Form.Item>
          <Form.Item name="targetId" label={t('audit.targetId')} style={{ marginBottom: 0, width: 200 }}>
            <Input allowClear />
          </Form.Item>
          <Form.Item name="range" label={t('audit.time')} style={{ marginBottom: 0 }}>
            <DatePicker.RangePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              allowEmpty={[true, true]}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('common.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              setFilters({});
            }}
          >
            {t('common.reset')}
          </Button>
        </Form>
        <Table<TAuditEntry>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={pages.rows}
          loading={pages.query.isFetching}
          pagination={false}
          expandable={{ expandedRowRender: (entry) => <AuditDiff entry={entry} /> }}
          data-testid="audit-table"
        />
        <div className="table-footer">
          <span />
          <CursorPager pages={pages} />
        </div>
      </Card>
    </>
  );
}
