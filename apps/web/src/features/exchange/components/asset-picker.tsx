import { CaretDown, Check } from '@phosphor-icons/react';
import { Button, Popup } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TokenIcon } from '@/components/token-icon.tsx';
import '@/components/sheet.css';
import './asset-picker.css';

interface AssetPickerProps {
  label: string;
  value: string;
  options: readonly string[];
  onChange: (asset: string) => void;
  /** Test ids: `<testId>` on the button, `<testId>-option-<asset>` on each choice. */
  testId: string;
}

/**
 * A currency of the exchange: its icon and code on a button that opens the choice of open
 * currencies, where the chosen one carries a check (not only bold) and `aria-selected`.
 */
export function AssetPicker({ label, value, options, onChange, testId }: AssetPickerProps) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const labelId = useId();
  const valueId = useId();
  const titleId = useId();
  const close = () => setIsOpen(false);

  return (
    <div className="asset-picker">
      <span className="asset-picker__label" id={labelId}>
        {label}
      </span>
      <button
        type="button"
        className="asset-picker__button"
        aria-haspopup="listbox"
        aria-labelledby={`${labelId} ${valueId}`}
        onClick={() => setIsOpen(true)}
        disabled={options.length === 0}
        data-testid={testId}
      >
        {value && <TokenIcon asset={value} />}
        <span className="asset-picker__code" id={valueId}>
          {value || '—'}
        </span>
        <CaretDown size={14} weight="bold" aria-hidden="true" />
      </button>
      <Popup visible={isOpen} onMaskClick={close} onClose={close} bodyClassName="sheet">
        <div className="sheet__content">
          <h2 className="sheet__title" id={titleId}>
            {t('exchange.chooseAsset')}
          </h2>
          <div className="asset-options" role="listbox" aria-labelledby={titleId}>
            {options.map((asset) => {
              const isSelected = asset === value;
              return (
                <button
                  key={asset}
                  type="button"
                  role="option"
                  aria-selected={isSelected}
                  className={isSelected ? 'asset-option asset-option--selected' : 'asset-option'}
                  onClick={() => {
                    onChange(asset);
                    close();
                  }}
                  data-testid={`${testId}-option-${asset}`}
                >
                  <TokenIcon asset={asset} size={32} />
                  <span className="asset-option__code">{asset}</span>
                  {isSelected && <Check className="asset-option__check" size={20} weight="bold" aria-hidden="true" />}
                </button>
              );
            })}
          </div>
          <Button block fill="none" className="asset-options__cancel" onClick={close} data-testid={`${testId}-cancel`}>
            {t('common.cancel')}
          </Button>
        </div>
      </Popup>
    </div>
  );
}
