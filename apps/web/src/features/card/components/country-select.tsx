import { CaretDown } from '@phosphor-icons/react';
import { useMemo, type ChangeEvent } from 'react';
import { useLocale } from '@/lib/i18n.ts';
import { sortedCountries } from '@/features/card/utils/country-names.ts';

interface CountrySelectProps {
  /** Injected by Form.Item. */
  value?: string;
  onChange?: (value: string) => void;
  placeholder: string;
  testId: string;
}

/**
 * A country by its name in the interface language (ISO 3166-1 alpha-2 code as the value): the
 * browser's own select, which a phone shows as its native picker, searchable by typing.
 */
export function CountrySelect({ value, onChange, placeholder, testId }: CountrySelectProps) {
  const locale = useLocale();
  const countries = useMemo(() => sortedCountries(locale), [locale]);
  return (
    <span className="country-select">
      <select
        className={value ? 'country-select__input' : 'country-select__input country-select__input--empty'}
        value={value ?? ''}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange?.(event.target.value)}
        data-testid={testId}
      >
        <option value="" disabled>
          {placeholder}
        </option>
        {countries.map((country) => (
          <option key={country.code} value={country.code}>
            {country.name}
          </option>
        ))}
      </select>
      <CaretDown className="country-select__caret" size={16} aria-hidden="true" />
    </span>
  );
}
