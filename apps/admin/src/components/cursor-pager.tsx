import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export const PAGE_SIZES = [20, 50] as const;

interface CursorPagerProps {
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
  pageSize: number;
  onPageSizeChange: (size: number) => void;
  loading?: boolean;
}

/** Previous / next over a cursor list (the server does not count the rows, so no page numbers beyond this one). */
export function CursorPager(props: CursorPagerProps) {
  const { t } = useTranslation();
  return (
    <Space className="cursor-pager" size="middle">
      <Typography.Text type="secondary">{t('list.page', { page: props.page + 1 })}</Typography.Text>
      <Button
        icon={<LeftOutlined />}
        disabled={!props.hasPrevious || props.loading === true}
        onClick={props.onPrevious}
        data-testid="pager-previous"
      >
        {t('list.previous')}
      </Button>
      <Button disabled={!props.hasNext || props.loading === true} onClick={props.onNext} data-testid="pager-next">
        {t('list.next')}
        <RightOutlined />
      </Button>
      <Select
        value={props.pageSize}
        onChange={props.onPageSizeChange}
        options={PAGE_SIZES.map((size) => ({ value: size, label: t('list.pageSize', { size }) }))}
        style={{ width: 130 }}
        aria-label={t('list.pageSizeLabel')}
      />
    </Space>
  );
}
