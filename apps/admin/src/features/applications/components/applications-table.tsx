import { Table, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CursorPager } from '@/components/cursor-pager.tsx';
import { memberPath } from '@/config/routes.ts';
import { useCursorPages, type CursorPage } from '@/lib/use-cursor-pages.ts';

/** The applicant's name, and the member (email, or id) as a link to their page. */
export function ApplicantCell({
  application,
}: {
  application: { name: string; memberId: string; memberEmail?: string | null | undefined };
}) {
  return (
    <>
      <div>{application.name}</div>
      <Link to={memberPath(application.memberId)} className={application.memberEmail ? undefined : 'mono'}>
        {application.memberEmail ?? application.memberId}
      </Link>
    </>
  );
}

/** One kind of application, server-paged, each row unfolding into its details and notes. */
export function ApplicationsTable<T extends { id: string }, F extends object>({
  queryKey,
  fetchPage,
  filters,
  columns,
  details,
  testId,
}: {
  queryKey: readonly unknown[];
  fetchPage: (params: F & { cursor?: string; limit: number }) => Promise<CursorPage<T>>;
  filters: F;
  columns: TableColumnsType<T>;
  details: (row: T) => ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const pages = useCursorPages({
    queryKey,
    fetchPage,
    filters,
    refetchInterval: 15_000,
  });
  return (
    <>
      <Table<T>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={pages.rows}
        loading={pages.query.isFetching}
        pagination={false}
        expandable={{ expandedRowRender: details }}
        locale={{ emptyText: t('applications.empty') }}
        data-testid={`${testId}-table`}
      />
      <div className="table-footer">
        <span />
        <CursorPager pages={pages} />
      </div>
    </>
  );
}
