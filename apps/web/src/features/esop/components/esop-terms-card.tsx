import { formatNumber, type TEsopTerms } from '@kpc/shared';
import { BookOpenText, CaretRight } from '@phosphor-icons/react';
import { useTranslation } from 'react-i18next';
import { TokenIcon } from '@/components/token-icon.tsx';
import { ROUTES } from '@/config/routes.ts';
import { useLocale } from '@/lib/i18n.ts';
import { navigateTo } from '@/lib/navigation.ts';
import { ESOP_ASSET } from '@/features/esop/utils/esop-form.ts';
import { formatDuration } from '@/features/esop/utils/format-duration.ts';

/**
 * The plan's live terms (issue 10 part 2): KPC's current price, the lock-up, the release, the phase
 * and the bounds of one order, all as `/api/plan/products` answers them; and the way to the rules.
 */
export function EsopTermsCard({ terms, phaseDays }: { terms: TEsopTerms; phaseDays: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const facts = [
    { key: 'lockup', label: t('esop.terms.lockup'), value: formatDuration(terms.lockMonths, 'month', locale) },
    {
      key: 'release',
      label: t('esop.terms.release'),
      value: t('esop.terms.releaseValue', { months: formatDuration(terms.releaseMonths, 'month', locale) }),
    },
    { key: 'phase', label: t('esop.terms.phase'), value: formatDuration(phaseDays, 'day', locale) },
    {
      key: 'limits',
      label: t('esop.terms.limits'),
      value: t('esop.terms.limitsValue', { min: formatNumber(terms.minAmount), max: formatNumber(terms.maxAmount) }),
    },
  ];

  return (
    <section className="esop-card esop-terms" data-testid="esop-terms">
      <div className="esop-terms__price">
        <TokenIcon asset={ESOP_ASSET} size={36} />
        <div>
          <p className="esop-terms__price-label">{t('esop.priceLabel')}</p>
          <p className="esop-terms__price-value" data-testid="esop-price">
            {t('esop.priceValue', { price: formatNumber(terms.price) })}
          </p>
        </div>
      </div>
      <dl className="esop-facts">
        {facts.map((fact) => (
          <div key={fact.key}>
            <dt>{fact.label}</dt>
            <dd data-testid={`esop-terms-${fact.key}`}>{fact.value}</dd>
          </div>
        ))}
      </dl>
      <button
        type="button"
        className="esop-terms__rules"
        onClick={() => navigateTo(ROUTES.esopRule)}
        data-testid="esop-rules-link"
      >
        <BookOpenText size={18} aria-hidden="true" />
        <span>{t('esop.rulesLink')}</span>
        <CaretRight size={16} aria-hidden="true" />
      </button>
    </section>
  );
}
