import { LOCALES } from '@kpc/shared';
import { ActionSheet } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { changeLocale, useLocale } from '@/lib/i18n.ts';

interface LanguageSheetProps {
  isOpen: boolean;
  onClose: () => void;
}

/** SPEC §2 Mine "Switch Language": the seven languages in LOCALES order, Chinese first. */
export function LanguageSheet({ isOpen, onClose }: LanguageSheetProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <ActionSheet
      visible={isOpen}
      onClose={onClose}
      cancelText={t('common.cancel')}
      actions={LOCALES.map(({ code, label }) => ({
        key: code,
        text: (
          <span lang={code} data-testid={`language-option-${code}`}>
            {label}
          </span>
        ),
        bold: code === locale,
        onClick: () => {
          void changeLocale(code);
          onClose();
        },
      }))}
    />
  );
}
