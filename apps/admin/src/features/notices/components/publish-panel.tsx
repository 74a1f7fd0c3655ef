import { ClockCircleOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import { NoticeState, type TOperatorNotice } from '@kpc/shared/operator';
import { Button, Card, DatePicker, Descriptions, Space, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format.ts';
import { NoticeStateTag } from './notice-state-tag.tsx';

interface PublishPanelProps {
  /** Undefined while the announcement is new (not saved yet). */
  notice: TOperatorNotice | undefined;
  busy: boolean;
  onPublishNow: () => void;
  onSchedule: (at: Dayjs) => void;
  onUnpublish: () => void;
}

/**
 * Publication: the state and its times; publish now, or schedule at a date and time to come
 * (members see it from then); unpublish a published or scheduled one.
 */
export function PublishPanel({ notice, busy, onPublishNow, onSchedule, onUnpublish }: PublishPanelProps) {
  const { t } = useTranslation();
  const [at, setAt] = useState<Dayjs | null>(null);
  const state = notice?.state ?? NoticeState.DRAFT;
  const isLive = state === NoticeState.PUBLISHED;
  const canUnpublish = state === NoticeState.PUBLISHED || state === NoticeState.SCHEDULED;

  return (
    <Card title={t('notices.publish.title')} data-testid="notice-publish-panel">
      <Descriptions
        size="small"
        column={2}
        items={[
          { key: 'state', label: t('notices.list.state'), children: <NoticeStateTag state={state} /> },
          {
            key: 'published',
            label: state === NoticeState.SCHEDULED ? t('notices.list.scheduledFor') : t('notices.list.publishedAt'),
            children: (
              <span data-testid="notice-published-at">
                {formatDateTime(notice?.publishedAt)}
                {notice?.publishedBy ? ` · ${notice.publishedBy}` : ''}
              </span>
            ),
          },
          ...(notice?.unpublishedAt
            ? [
                {
                  key: 'unpublished',
                  label: t('notices.list.unpublishedAt'),
                  children: `${formatDateTime(notice.unpublishedAt)} · ${notice.unpublishedBy ?? ''}`,
                },
              ]
            : []),
        ]}
        style={{ marginBottom: 16 }}
      />
      <Space wrap size={12}>
        <Button
          type="primary"
          icon={<SendOutlined />}
          disabled={isLive}
          loading={busy}
          onClick={onPublishNow}
          data-testid="notice-publish-now"
        >
          {t('notices.publish.now')}
        </Button>
        <Typography.Text type="secondary">{t('notices.publish.or')}</Typography.Text>
        <Space.Compact>
          <DatePicker
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            value={at}
            onChange={setAt}
            disabled={isLive}
            disabledDate={(day) => day.isBefore(dayjs(), 'day')}
            placeholder={t('notices.publish.pickTime')}
            style={{ width: 200 }}
            data-testid="notice-schedule-at"
          />
          <Button
            icon={<ClockCircleOutlined />}
            disabled={isLive || !at}
            loading={busy}
            onClick={() => at && onSchedule(at)}
            data-testid="notice-schedule"
          >
            {t('notices.publish.schedule')}
          </Button>
        </Space.Compact>
        {canUnpublish && (
          <Button danger icon={<StopOutlined />} loading={busy} onClick={onUnpublish} data-testid="notice-unpublish">
            {t('notices.publish.unpublish')}
          </Button>
        )}
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('notices.publish.hint')}
      </Typography.Paragraph>
    </Card>
  );
}
