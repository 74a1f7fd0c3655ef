import { formatFeeRate, formatNumber, type TInvestmentProduct } from '@kpc/shared';
import { useTranslation } from 'react-i18next';
import { getPhaseRows } from '@/features/plan/utils/plan-view.ts';

/**
 * The chosen product's terms, read from the live configuration: the order bounds, the release
 * coefficient and the phase table (each phase 30 days at one daily ratio). Test ids
 * `plan-terms-range`, `plan-terms-coefficient`, `plan-terms-phase-<n>`.
 */
export function PlanProductTerms({ product }: { product: TInvestmentProduct }) {
  const { t } = useTranslation();
  return (
    <section className="plan-card plan-terms" data-testid="plan-terms">
      <dl className="plan-terms__facts">
        <div>
          <dt>{t('plan.products.limits')}</dt>
          <dd data-testid="plan-terms-range">
            {t('plan.products.range', {
              min: formatNumber(product.minAmount),
              max: formatNumber(product.maxAmount),
              asset: product.asset,
            })}
          </dd>
        </div>
        <div>
          <dt>{t('plan.coefficient')}</dt>
          <dd data-testid="plan-terms-coefficient">
            {t('plan.coefficientValue', { coefficient: formatNumber(product.coefficient) })}
          </dd>
        </div>
      </dl>
      <h3 className="plan-terms__heading">{t('plan.products.phases')}</h3>
      <table className="plan-terms__table">
        <tbody>
          {getPhaseRows(product).map((row) => (
            <tr key={row.phase} data-testid={`plan-terms-phase-${row.phase}`}>
              <th scope="row">{t('plan.products.phase', { phase: row.phase })}</th>
              <td className="plan-terms__days">
                {t('plan.products.phaseDays', { from: row.firstDay, to: row.lastDay })}
              </td>
              <td className="plan-terms__ratio">{t('plan.products.perDay', { ratio: formatFeeRate(row.ratio) })}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="plan-terms__note">{t('plan.products.afterLast')}</p>
    </section>
  );
}
