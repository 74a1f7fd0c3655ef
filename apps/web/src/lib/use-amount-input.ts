import { useState } from 'react';
import { checkAmount, sanitizeAmountInput, type AmountLimits, type AmountProblem } from './amount-rules.ts';

/** Problems worth showing while the member is still typing; the rest wait for a submit. */
const LIVE_PROBLEMS: readonly AmountProblem['key'][] = [
  'validation.amountTooPrecise',
  'validation.amountAboveMaximum',
  'validation.amountExceedsBalance',
];

/** State of one amount field (see components/amount-field): its text, its message and its check. */
export interface AmountInput {
  value: string;
  /** Takes raw typed text; keeps digits and one decimal point. */
  setValue: (raw: string) => void;
  /** The message to show now, or null. */
  problem: AmountProblem | null;
  /** The amount when it passes every rule (shown or not), else null: for previews such as a result balance. */
  validAmount: string | null;
  limits: AmountLimits;
  /** Shows every message from now on and returns the amount when it passes, else null. */
  validate: () => string | null;
  reset: () => void;
}

/**
 * Holds an amount field. A half-typed amount (`0.`) is not flagged; too many decimals or more than
 * the balance are, at once. After a submit attempt every problem shows.
 */
export function useAmountInput(limits: AmountLimits): AmountInput {
  const [value, setRawValue] = useState('');
  const [hasTriedSubmit, setHasTriedSubmit] = useState(false);
  const check = checkAmount(value, limits);
  const problem =
    !check.ok && (hasTriedSubmit || (value !== '' && LIVE_PROBLEMS.includes(check.problem.key))) ? check.problem : null;

  return {
    value,
    setValue: (raw) => setRawValue(sanitizeAmountInput(raw)),
    problem,
    validAmount: check.ok ? check.amount : null,
    limits,
    validate: () => {
      setHasTriedSubmit(true);
      return check.ok ? check.amount : null;
    },
    reset: () => {
      setRawValue('');
      setHasTriedSubmit(false);
    },
  };
}
