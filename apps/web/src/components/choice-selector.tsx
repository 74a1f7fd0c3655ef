import { Check } from '@phosphor-icons/react';
import { Selector } from 'antd-mobile';
import type { ReactNode } from 'react';
import './asset-selector.css';

export interface Choice<V extends string | number> {
  value: V;
  label: ReactNode;
  /** A second line under the label, e.g. a network's status. */
  description?: ReactNode;
  /** On the label, which a test clicks. */
  testId: string;
}

interface ChoiceSelectorProps<V extends string | number> {
  choices: readonly Choice<V>[];
  value: V;
  onChange: (value: V) => void;
  columns: number;
}

/**
 * One choice among a few (an asset, a network). antd-mobile's Selector is a listbox whose options
 * carry `aria-selected`; the chosen one shows a check icon beside its label, not only a colour.
 */
export function ChoiceSelector<V extends string | number>({
  choices,
  value,
  onChange,
  columns,
}: ChoiceSelectorProps<V>) {
  return (
    <Selector
      className="asset-selector"
      columns={columns}
      showCheckMark={false}
      options={choices.map((choice) => ({
        value: choice.value,
        description: choice.description,
        label: (
          <span className="asset-selector__label" data-testid={choice.testId}>
            {choice.value === value && (
              <Check className="asset-selector__check" size={14} weight="bold" aria-hidden="true" />
            )}
            {choice.label}
          </span>
        ),
      }))}
      value={[value]}
      onChange={([next]) => {
        if (next !== undefined && next !== value) onChange(next);
      }}
    />
  );
}
