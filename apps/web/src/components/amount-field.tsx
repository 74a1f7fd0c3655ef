import { formatNumber } from '@kpc/shared';
import { Input } from 'antd-mobile';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { truncateDecimal } from '@/lib/amount-rules.ts';
import { focusTappedField } from '@/lib/focus-tapped-field.ts';
import type { AmountInput } from '@/lib/use-amount-input.ts';
import './amount-field.css';

interface AmountFieldProps {
  input: AmountInput;
  label: string;
  asset: string;
  /** What the balance is, e.g. "Available" or "Income"; the All button fills it. */
  balanceLabel: string;
  /** The balance of `asset`, a decimal string; undefined while it loads. */
  balance: string | undefined;
  /** Test ids: `<testId>` on the input, `<testId>-all`, `<testId>-balance`, `<testId>-error`. */
  testId: string;
}

/**
 * The one amount input of the app: decimal text only, the asset's code, an All button that fills
 * the balance (cut to the asset's decimals) and the localised message of the amount rules. Its
 * label and its whole box (padding, asset code) focus the input (issue 24: a 44 px target).
 */
export function AmountField({ input, label, asset, balanceLabel, balance, testId }: AmountFieldProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const { problem } = input;

  return (
    <div className="amount-field">
      <div className="amount-field__head">
        <label className="amount-field__label" htmlFor={inputId}>
          {label}
        </label>
        <span className="amount-field__balance" data-testid={`${testId}-balance`}>
          {balanceLabel} {balance === undefined ? '—' : formatNumber(balance)} {asset}
        </span>
      </div>
      <div
        className={problem ? 'amount-field__box amount-field__box--error' : 'amount-field__box'}
        onClick={focusTappedField}
      >
        <Input
          id={inputId}
          className="amount-field__input"
          value={input.value}
          onChange={input.setValue}
          inputMode="decimal"
          autoComplete="off"
          maxLength={40}
          placeholder={t('amount.placeholder')}
          aria-invalid={problem !== null}
          ref={(element) => {
            element?.nativeElement?.setAttribute('data-testid', testId);
          }}
        />
        <span className="amount-field__asset">{asset}</span>
        <button
          type="button"
          className="amount-field__all hit-area"
          disabled={balance === undefined}
          onClick={() => input.setValue(truncateDecimal(balance ?? '0', input.limits.decimals))}
          data-testid={`${testId}-all`}
        >
          {t('amount.all')}
        </button>
      </div>
      {problem && (
        <p className="amount-field__error" role="alert" data-testid={`${testId}-error`}>
          {t(problem.key, problem.values ?? {})}
        </p>
      )}
    </div>
  );
}
