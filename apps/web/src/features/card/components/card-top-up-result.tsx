import { formatNumber } from '@kpc/shared';
import { ArrowCounterClockwise, CheckCircle, HourglassMedium } from '@phosphor-icons/react';
import { useTranslation } from 'react-i18next';
import type { CardTopUpOutcome } from '@/features/card/hooks/card-top-up-flow.ts';

/**
 * The last top-up's outcome on the page: loaded (with the new balance), processing (the page
 * follows it by itself), or declined by the issuer with the money returned to available. Test id
 * `card-top-up-result` with `data-status`.
 */
export function CardTopUpResult({ outcome, asset }: { outcome: CardTopUpOutcome | null; asset: string }) {
  const { t } = useTranslation();
  if (!outcome) return null;
  const money = (value: string) => `${formatNumber(value)} ${asset}`;
  let icon;
  let text;
  if (outcome.status === 'completed') {
    icon = <CheckCircle size={22} weight="fill" aria-hidden="true" />;
    text =
      outcome.balance === null
        ? t('card.topUp.completed', { amount: money(outcome.amount) })
        : t('card.topUp.completedBalance', { amount: money(outcome.amount), balance: money(outcome.balance) });
  } else if (outcome.status === 'pending') {
    icon = <HourglassMedium size={22} aria-hidden="true" />;
    text = t('card.topUp.pending', { amount: money(outcome.amount) });
  } else {
    icon = <ArrowCounterClockwise size={22} aria-hidden="true" />;
    text = t('card.topUp.failed', { amount: money(outcome.amount), total: money(outcome.total) });
  }
  return (
    <section
      className={`card-top-up-result card-top-up-result--${outcome.status}`}
      role="status"
      data-testid="card-top-up-result"
      data-status={outcome.status}
    >
      {icon}
      <p>{text}</p>
    </section>
  );
}
