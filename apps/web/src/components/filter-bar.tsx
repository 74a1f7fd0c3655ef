import { CheckList, Dropdown, type DropdownRef } from 'antd-mobile';
import { useRef } from 'react';
import './filter-bar.css';

export interface FilterOption {
  value: string;
  label: string;
}

export interface Filter {
  key: string;
  /** Shown on the bar: the chosen option's label. */
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
}

/**
 * A row of drop-down filters above a list. Test ids: `<testId>-<key>` on each title and
 * `<testId>-<key>-<value or all>` on each option.
 */
export function FilterBar({ filters, testId }: { filters: readonly Filter[]; testId: string }) {
  const dropdown = useRef<DropdownRef>(null);
  return (
    <Dropdown ref={dropdown} className="filter-bar">
      {filters.map((filter) => (
        <Dropdown.Item
          key={filter.key}
          title={
            <span data-testid={`${testId}-${filter.key}`}>
              {filter.options.find((option) => option.value === filter.value)?.label ?? filter.value}
            </span>
          }
        >
          <CheckList
            className="filter-bar__options"
            value={[filter.value]}
            onChange={([next]) => {
              filter.onChange(next === undefined ? filter.value : String(next));
              dropdown.current?.close();
            }}
          >
            {filter.options.map((option) => (
              <CheckList.Item
                key={option.value || 'all'}
                value={option.value}
                data-testid={`${testId}-${filter.key}-${option.value || 'all'}`}
              >
                {option.label}
              </CheckList.Item>
            ))}
          </CheckList>
        </Dropdown.Item>
      ))}
    </Dropdown>
  );
}
