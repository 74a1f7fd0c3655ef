import { formatFeeRate, type TPledgeTerm } from '@kpc/shared';
import { useTranslation } from 'react-i18next';
import { ChoiceSelector } from '@/components/choice-selector.tsx';

interface PledgeTermPickerProps {
  terms: readonly TPledgeTerm[];
  value: string;
  onChange: (termId: string) => void;
}

/** The pledge terms as check-marked choices: days, and the daily reward rate under them. Test ids `pledge-term-<days>`. */
export function PledgeTermPicker({ terms, value, onChange }: PledgeTermPickerProps) {
  const { t } = useTranslation();
  return (
    <ChoiceSelector
      columns={Math.min(terms.length, 3)}
      value={value}
      onChange={onChange}
      choices={terms.map((term) => ({
        value: term.id,
        label: t('pledge.termDays', { days: term.days }),
        description: t('pledge.dailyRateShort', { rate: formatFeeRate(term.dailyRate) }),
        testId: `pledge-term-${term.days}`,
      }))}
    />
  );
}
