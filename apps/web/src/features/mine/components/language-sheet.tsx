import { LOCALES } from '@kpc/shared';
import { Check } from '@phosphor-icons/react';
import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { changeLocale, useLocale } from '@/lib/i18n.ts';
import '@/components/sheet.css';
import './language-sheet.css';

interface LanguageSheetProps {
  isOpen: boolean;
  onClose: () => void;
}

/**
 * SPEC §2 Mine "Switch Language": the seven languages in LOCALES order, Chinese first. A radio group:
 * the current language is checked (`aria-checked`) and marked with a check, not only by weight.
 */
export function LanguageSheet({ isOpen, onClose }: LanguageSheetProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Popup visible={isOpen} onMaskClick={onClose} bodyClassName="sheet">
      <div className="language-sheet">
        <h2 className="language-sheet__title" id="language-sheet-title">
          {t('mine.switchLanguage')}
        </h2>
        <div className="language-sheet__options" role="radiogroup" aria-labelledby="language-sheet-title">
          {LOCALES.map(({ code, label }) => {
            const isCurrent = code === locale;
            return (
              <button
                key={code}
                type="button"
                role="radio"
                aria-checked={isCurrent}
                lang={code}
                className={
                  isCurrent ? 'language-sheet__option language-sheet__option--current' : 'language-sheet__option'
                }
                data-testid={`language-option-${code}`}
                onClick={() => {
                  void changeLocale(code);
                  onClose();
                }}
              >
                {label}
                {isCurrent && <Check size={20} weight="bold" aria-hidden="true" />}
              </button>
            );
          })}
        </div>
        <button type="button" className="language-sheet__cancel" onClick={onClose} data-testid="language-cancel">
          {t('common.cancel')}
        </button>
      </div>
    </Popup>
  );
}
