import type { TOperatorMember } from '@kpc/shared/operator';
import { Card, Input, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { CursorPager } from '@/components/cursor-pager.tsx';
import { ExportButton } from '@/components/export-button.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { memberPath } from '@/config/routes.ts';
import { formatDateTime, shortenHex } from '@/lib/format.ts';
import { useCursorPages } from '@/lib/use-cursor-pages.ts';
import { MEMBERS_QUERY_KEY, searchMembers } from '../api/search-members.ts';

const QUERY_PARAM = 'q';

/** Members: search by email, wallet address, invitation code or id; a row opens the member's page. */
export default function MembersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const query = search.get(QUERY_PARAM)?.trim() ?? '';
  const pages = useCursorPages({
    queryKey: [...MEMBERS_QUERY_KEY, 'search'],
    fetchPage: searchMembers,
    filters: query ? { query } : {},
  });

  const columns: TableColumnsType<TOperatorMember> = [
    { title: t('members.email'), dataIndex: 'email', render: (email: string | null) => email ?? '—' },
    {
      title: t('members.wallet'),
      dataIndex: 'walletAddress',
      render: (address: string | null) =>
        address ? (
          <Tooltip title={address}>
            <span className="mono">{shortenHex(address)}</span>
          </Tooltip>
        ) : (
          '—'
        ),
    },
    {
      title: t('members.inviteCode'),
      dataIndex: 'inviteCode',
      render: (code: string) => <span className="mono">{code}</span>,
    },
    {
      title: t('members.level'),
      dataIndex: 'level',
      render: (level: TOperatorMember['level']) => t(`members.levels.${level}`),
    },
    {
      title: t('members.status'),
      key: 'status',
      render: (_, member) => (
        <>
          <StatusTag status={member.status} />
          {member.frozenAt && <Tag color="cyan">{t('members.frozen')}</Tag>}
        </>
      ),
    },
    { title: t('members.createdAt'), dataIndex: 'createdAt', render: (value: string) => formatDateTime(value) },
    { title: t('members.id'), dataIndex: 'id', render: (id: string) => <span className="mono">{id}</span> },
  ];

  return (
    <>
      <PageTitle
        title={t('nav.members')}
        extra={<ExportButton path="/members/export" filters={query ? { query } : {}} name="members" />}
      />
      <Card>
        <div className="toolbar">
          <Input.Search
            defaultValue={query}
            key={query}
            allowClear
            enterButton={t('common.search')}
            placeholder={t('members.searchPlaceholder')}
            onSearch={(value) => setSearch(value.trim() ? { [QUERY_PARAM]: value.trim() } : {})}
            style={{ width: 560 }}
            data-testid="member-search"
          />
        </div>
        <Table<TOperatorMember>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={pages.rows}
          loading={pages.query.isFetching}
          pagination={false}
          onRow={(member) => ({ onClick: () => void navigate(memberPath(member.id)), style: { cursor: 'pointer' } })}
          data-testid="members-table"
        />
        <div className="table-footer">
          <span />
          <CursorPager pages={pages} />
        </div>
      </Card>
    </>
  );
}
