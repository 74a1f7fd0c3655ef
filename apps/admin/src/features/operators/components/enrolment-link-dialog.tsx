import type { TEnrolmentLink } from '@kpc/shared/operator';
import { Alert, Button, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button.tsx';
import { formatDateTime } from '@/lib/format.ts';

/**
 * A one-time enrolment link (an invitation or a reset second factor), shown once: the server keeps
 * only its hash. The administrator hands it over; whoever opens it first enrols.
 */
export function EnrolmentLinkDialog({ link, onClose }: { link: TEnrolmentLink | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={link !== null}
      title={t('operators.linkTitle', { name: link?.operator.name ?? '' })}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common.done')}
        </Button>
      }
      width={640}
    >
      {link && (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Alert
            type="info"
            showIcon
            title={t('operators.linkOnce')}
            description={t('operators.linkExpires', { time: formatDateTime(link.expiresAt) })}
          />
          <Input.TextArea value={link.enrolmentUrl} readOnly autoSize className="mono" data-testid="enrolment-link" />
          <CopyButton text={link.enrolmentUrl} type="primary" label={t('operators.copyLink')} data-testid="copy-link" />
        </Space>
      )}
    </Modal>
  );
}
