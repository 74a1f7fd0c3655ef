import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '@/lib/use-cursor-pages.ts';

/** What the pager reads and drives of a `useCursorPages` list. */
interface CursorPagerPages {
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  previous: () => void;
  next: () => void;
  pageSize: number;
  setPageSize: (size: number) => void;
  query: { isFetching: boolean };
}

/** Previous / next over a cursor list (the server does not count the rows, so no page numbers beyond this one). */
export function CursorPager({ pages }: { pages: CursorPagerPages }) {
  const { t } = useTranslation();
  return (
    <Space className="cursor-pager" size="middle">
      <Typography.Text type="secondary">{t('list.page', { page: pages.page + 1 })}</Typography.Text>
      <Button
        icon={<LeftOutlined />}
        disabled={!pages.hasPrevious || pages.query.isFetching}
        onClick={pages.previous}
        data-testid="pager-previous"
      >
        {t('list.previous')}
      </Button>
      <Button disabled={!pages.hasNext || pages.query.isFetching} onClick={pages.next} data-testid="pager-next">
        {t('list.next')}
        <RightOutlined />
      </Button>
      <Select
        value={pages.pageSize}
        onChange={pages.setPageSize}
        options={PAGE_SIZES.map((size) => ({ value: size, label: t('list.pageSize', { size }) }))}
        style={{ width: 130 }}
        aria-label={t('list.pageSizeLabel')}
      />
    </Space>
  );
}
