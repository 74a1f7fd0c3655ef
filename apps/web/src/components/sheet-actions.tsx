import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './sheet-actions.css';

interface SheetActionsProps {
  submitLabel: ReactNode;
  isSubmitting: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  /** Test ids `<prefix>-submit` and `<prefix>-cancel`. */
  testIdPrefix: string;
}

/** The foot of a bottom sheet: the primary action, then Cancel. */
export function SheetActions({ submitLabel, isSubmitting, onSubmit, onCancel, testIdPrefix }: SheetActionsProps) {
  const { t } = useTranslation();
  return (
    <div className="sheet__actions">
      <Button
        block
        color="primary"
        size="large"
        loading={isSubmitting}
        onClick={onSubmit}
        data-testid={`${testIdPrefix}-submit`}
      >
        {submitLabel}
      </Button>
      <Button block fill="none" onClick={onCancel} data-testid={`${testIdPrefix}-cancel`}>
        {t('common.cancel')}
      </Button>
    </div>
  );
}
