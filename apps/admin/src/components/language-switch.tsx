import { GlobalOutlined } from '@ant-design/icons';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLocale, CONSOLE_LOCALES, useLocale } from '@/lib/i18n.ts';

/** The interface language (remembered on this browser); server messages follow it too. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Select
      value={locale}
      onChange={(code) => void changeLocale(code)}
      options={CONSOLE_LOCALES.map((entry) => ({ value: entry.code, label: entry.label }))}
      prefix={<GlobalOutlined />}
      style={{ width: 130 }}
      aria-label={t('header.language')}
      data-testid="language-switch"
    />
  );
}
