import { Eye, EyeSlash } from '@phosphor-icons/react';
import { useTranslation } from 'react-i18next';
import { useBalanceVisibility } from '@/lib/balance-visibility.ts';
import './balance-toggle.css';

/**
 * The eye that hides and shows balances (lib/balance-visibility), one preference for Home and
 * Assets. A toggle button: its name stays "Hide balances" and `aria-pressed` says whether they are.
 */
export function BalanceToggle({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const isHidden = useBalanceVisibility((state) => state.isHidden);
  const toggle = useBalanceVisibility((state) => state.toggle);
  const StateIcon = isHidden ? EyeSlash : Eye;
  return (
    <button
      type="button"
      className="balance-toggle"
      aria-label={t('balance.hide')}
      aria-pressed={isHidden}
      onClick={toggle}
      data-testid={testId}
    >
      <StateIcon size={20} aria-hidden="true" />
    </button>
  );
}
