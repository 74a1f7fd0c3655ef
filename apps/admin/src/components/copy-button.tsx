import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '@/lib/copy-text.ts';
import { notifyError } from '@/lib/notify.ts';

/** Copies `text`; the button says so for two seconds. */
export function CopyButton({ text, label, ...props }: { text: string; label?: string } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <Button
      icon={copied ? <CheckOutlined /> : <CopyOutlined />}
      onClick={() =>
        void copyText(text).then((ok) => {
          if (!ok) return notifyError(t('common.copyFailed'));
          setCopied(true);
          setTimeout(() => setCopied(false), 2000);
        })
      }
      {...props}
    >
      {copied ? t('common.copied') : (label ?? t('common.copy'))}
    </Button>
  );
}
