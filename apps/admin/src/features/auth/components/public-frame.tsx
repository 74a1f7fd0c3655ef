import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Typography } from 'antd';
import { LanguageSwitch } from '@/components/language-switch.tsx';

/** The frame of the pages before signing in: the console's name, the language, the card. */
export function PublicFrame({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="public-page">
      <div className="public-page-top">
        <div className="console-brand" style={{ padding: 0 }}>
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" />
          <Typography.Text style={{ color: '#fff', fontSize: 18, fontWeight: 600 }}>{t('app.name')}</Typography.Text>
        </div>
        <LanguageSwitch />
      </div>
      {children}
    </div>
  );
}
