import { CaretDown } from '@phosphor-icons/react';
import { ActionSheet } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface AssetPickerProps {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (asset: string) => void;
  /** Test ids: `<testId>` on the button, `<testId>-option-<asset>` on each choice. */
  testId: string;
}

/** A currency of the exchange: its code on a button that opens the choice of open currencies. */
export function AssetPicker({ label, value, options, onChange, testId }: AssetPickerProps) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <div className="asset-picker">
      <span className="asset-picker__label">{label}</span>
      <button
        type="button"
        className="asset-picker__button"
        onClick={() => setIsOpen(true)}
        disabled={options.length === 0}
        data-testid={testId}
      >
        <span className="asset-picker__badge" aria-hidden="true">
          {value.slice(0, 1)}
        </span>
        <span className="asset-picker__code">{value || '—'}</span>
        <CaretDown size={14} weight="bold" aria-hidden="true" />
      </button>
      <ActionSheet
        visible={isOpen}
        extra={t('exchange.chooseAsset')}
        cancelText={t('common.cancel')}
        actions={options.map((asset) => ({
          key: asset,
          text: <span data-testid={`${testId}-option-${asset}`}>{asset}</span>,
          bold: asset === value,
        }))}
        onAction={(action) => {
          onChange(String(action.key));
          setIsOpen(false);
        }}
        onClose={() => setIsOpen(false)}
      />
    </div>
  );
}
