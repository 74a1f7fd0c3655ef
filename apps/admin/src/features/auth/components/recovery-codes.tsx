import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Checkbox, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button.tsx';
import { downloadBlob } from '@/lib/download.ts';

interface RecoveryCodesProps {
  codes: readonly string[];
  email: string;
  onContinue: () => void;
}

/**
 * The ten recovery codes, shown once at enrolment: copy or download them, and say they are kept
 * before going on (the server keeps only their hashes; nobody can show them again).
 */
export function RecoveryCodes({ codes, email, onContinue }: RecoveryCodesProps) {
  const { t } = useTranslation();
  const [isStored, setIsStored] = useState(false);
  const text = codes.join('\n');

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Alert type="warning" showIcon title={t('enrol.codesTitle')} description={t('enrol.codesText')} />
      <div className="recovery-codes mono" data-testid="recovery-codes">
        {codes.map((code) => (
          <span key={code} data-testid="recovery-code">
            {code}
          </span>
        ))}
      </div>
      <Space>
        <CopyButton text={text} label={t('enrol.copyCodes')} />
        <Button
          icon={<DownloadOutlined />}
          onClick={() =>
            downloadBlob(
              new Blob([`${t('enrol.codesFileHeader', { email })}\n\n${text}\n`], { type: 'text/plain' }),
              'kpc-console-recovery-codes.txt',
            )
          }
        >
          {t('enrol.downloadCodes')}
        </Button>
      </Space>
      <Checkbox checked={isStored} onChange={(event) => setIsStored(event.target.checked)} data-testid="codes-stored">
        {t('enrol.codesStored')}
      </Checkbox>
      <Button type="primary" size="large" disabled={!isStored} onClick={onContinue} data-testid="enrol-continue">
        {t('enrol.continue')}
      </Button>
    </Space>
  );
}
