import { Table, type TableColumnsType } from 'antd';
import { CursorPager } from '@/components/cursor-pager.tsx';
import { useCursorPages } from '@/lib/use-cursor-pages.ts';
import { fetchMemberRecords, memberRecordsKey, type MemberRecordKind } from '../api/member-records.ts';

interface RecordsTableProps<T> {
  kind: MemberRecordKind;
  memberId: string;
  /** More filters of this kind of record (`kind` of plans and applications, `asset` of the flow). */
  params?: object;
  columns: TableColumnsType<T>;
  rowKey: keyof T & string;
}

/** One of a member's record lists, paged on the server. */
export function RecordsTable<T extends object>({ kind, memberId, params, columns, rowKey }: RecordsTableProps<T>) {
  const pages = useCursorPages<T, object>({
    queryKey: memberRecordsKey(kind, memberId),
    fetchPage: fetchMemberRecords<T>(kind),
    filters: { memberId, ...params },
  });
  return (
    <>
      <Table<T>
        size="small"
        rowKey={rowKey}
        columns={columns}
        dataSource={pages.rows}
        loading={pages.query.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid={`member-${kind}`}
      />
      <div className="table-footer">
        <span />
        <CursorPager pages={pages} />
      </div>
    </>
  );
}
