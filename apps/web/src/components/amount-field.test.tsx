// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '@/lib/i18n.ts';
import { useAmountInput } from '@/lib/use-amount-input.ts';
import { AmountField } from './amount-field.tsx';

/** The field with the two buttons a form gives it: submit (shows what `validate` returned) and reset. */
function Harness({ balance }: { balance: string | undefined }) {
  const input = useAmountInput({ decimals: 6, max: balance, asset: 'USDT' });
  const [submitted, setSubmitted] = useState<string | null>('');
  return (
    <>
      <AmountField input={input} label="Amount" asset="USDT" balanceLabel="Income" balance={balance} testId="amount" />
      <button type="button" onClick={() => setSubmitted(input.validate())}>
        submit
      </button>
      <button type="button" onClick={() => input.reset()}>
        reset
      </button>
      <output data-testid="submitted">{submitted ?? 'refused'}</output>
    </>
  );
}

function submit(): string | null {
  fireEvent.click(screen.getByText('submit'));
  return screen.getByTestId('submitted').textContent;
}

function type(value: string) {
  fireEvent.change(screen.getByTestId('amount'), { target: { value } });
}

const errorText = () => screen.queryByTestId('amount-error')?.textContent ?? null;

beforeEach(async () => {
  await changeLocale('en');
});

afterEach(() => {
  cleanup();
});

describe('AmountField', () => {
  it('shows the balance and fills it with All, cut to the asset decimals', () => {
    render(<Harness balance="50.1234567" />);
    expect(screen.getByTestId('amount-balance').textContent).toBe('Income 50.123456 USDT');
    fireEvent.click(screen.getByTestId('amount-all'));
    expect(screen.getByTestId('amount')).toHaveProperty('value', '50.123456');
    expect(errorText()).toBeNull();
  });

  // Issue 24: the whole box is the field's tap target, and its label names the input.
  it('focuses the input from its label and from anywhere in its box but All', () => {
    render(<Harness balance="100" />);
    const input = screen.getByTestId('amount');
    expect(screen.getByText('Amount').closest('label')?.htmlFor).toBe(input.id);
    fireEvent.click(screen.getByText('USDT', { selector: '.amount-field__asset' }));
    expect(document.activeElement).toBe(input);
    input.blur();
    fireEvent.click(input.closest('.amount-field__box')!);
    expect(document.activeElement).toBe(input);
    input.blur();
    fireEvent.click(screen.getByTestId('amount-all'));
    expect(document.activeElement).not.toBe(input);
  });

  it('keeps only decimal text', () => {
    render(<Harness balance="100" />);
    type('1a2,5');
    expect(screen.getByTestId('amount')).toHaveProperty('value', '12.5');
  });

  it('flags too many decimals and more than the balance while typing', () => {
    render(<Harness balance="100" />);
    type('1.1234567');
    expect(errorText()).toBe('At most 6 decimal places');
    type('100.5');
    expect(errorText()).toBe('Insufficient balance');
    type('99');
    expect(errorText()).toBeNull();
  });

  it('leaves a half-typed amount alone until a submit, then says what is wrong', () => {
    render(<Harness balance="100" />);
    type('0');
    expect(errorText()).toBeNull();
    expect(submit()).toBe('refused');
    expect(errorText()).toBe('Enter a valid amount');
    type('');
    expect(errorText()).toBe('Enter amount');
  });

  it('returns the amount on submit when it passes, and reset starts over', () => {
    render(<Harness balance="100" />);
    type('20');
    expect(submit()).toBe('20');
    fireEvent.click(screen.getByText('reset'));
    expect(screen.getByTestId('amount')).toHaveProperty('value', '');
    expect(errorText()).toBeNull();
  });

  it('disables All while the balance loads and shows messages in the interface language', async () => {
    render(<Harness balance={undefined} />);
    expect(screen.getByTestId('amount-all')).toHaveProperty('disabled', true);
    await act(() => changeLocale('zh-Hans'));
    type('1.1234567');
    expect(errorText()).toBe('最多 6 位小数');
  });
});
