import {
  formatFeeRate,
  formatNumber,
  type TInvestmentProduct,
  type TPlanProductsResponse,
  type TPledgeTerm,
} from '@kpc/shared';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/load-failed.tsx';
import { PageLoading } from '@/components/page-loading.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { useLocale } from '@/lib/i18n.ts';
import { usePlanProducts } from '@/lib/api/get-plan-products.ts';
import { ESOP_ASSET, ESOP_PAY_ASSET } from '@/features/esop/utils/esop-form.ts';
import { formatDuration } from '@/features/esop/utils/format-duration.ts';
import '@/features/esop/esop.css';

/**
 * /pages/plan/kpc-rule (public, SPEC §2) — the rules of the plans in the member's language. Every
 * figure (lock-up and release months, the phase length, the products' limits and daily ratios, the
 * pledge terms, the price) comes from `/api/plan/products`, so the rules always say what the plans
 * do; none is written into the text.
 */
export function EsopRulePage() {
  const { t } = useTranslation();
  const query = usePlanProducts();

  let content;
  if (query.data) content = <EsopRules products={query.data} />;
  else if (query.isError) content = <LoadFailed onRetry={() => void query.refetch()} />;
  else content = <PageLoading />;

  return (
    <div className="page" data-testid="esop-rule-page">
      <PageNavBar title={t('esop.rule.title')} />
      {content}
    </div>
  );
}

interface Fact {
  key: string;
  label: string;
  value: string;
}

function Facts({ facts, testId }: { facts: readonly Fact[]; testId: string }) {
  return (
    <dl className="esop-facts">
      {facts.map((fact) => (
        <div key={fact.key}>
          <dt>{fact.label}</dt>
          <dd data-testid={`${testId}-${fact.key}`}>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function EsopRules({ products }: { products: TPlanProductsResponse }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { esop, phaseDays } = products;
  const days = formatDuration(phaseDays, 'day', locale);
  const range = (min: string, max: string) =>
    t('esop.terms.limitsValue', { min: formatNumber(min), max: formatNumber(max) });

  return (
    <div className="esop esop-rules">
      <p className="esop-rules__intro">{t('esop.rule.intro')}</p>

      <section className="esop-card" data-testid="esop-rule-esop">
        <h2 className="esop-card__title">{t('esop.rule.esop.heading')}</h2>
        <Facts
          testId="esop-rule"
          facts={[
            {
              key: 'price',
              label: t('esop.priceLabel'),
              value: t('esop.priceValue', { price: formatNumber(esop.price) }),
            },
            { key: 'limits', label: t('esop.terms.limits'), value: range(esop.minAmount, esop.maxAmount) },
            { key: 'lockup', label: t('esop.terms.lockup'), value: formatDuration(esop.lockMonths, 'month', locale) },
            {
              key: 'release',
              label: t('esop.terms.release'),
              value: t('esop.terms.releaseValue', { months: formatDuration(esop.releaseMonths, 'month', locale) }),
            },
            { key: 'phase', label: t('esop.terms.phase'), value: days },
            { key: 'month', label: t('esop.terms.month'), value: days },
          ]}
        />
        <ol className="esop-rules__list">
          <li>
            {t('esop.rule.esop.buy', {
              price: formatNumber(esop.price),
              min: formatNumber(esop.minAmount),
              max: formatNumber(esop.maxAmount),
              pay: ESOP_PAY_ASSET,
              asset: ESOP_ASSET,
            })}
          </li>
          <li>{t('esop.rule.esop.lockup', { lockup: formatDuration(esop.lockMonths, 'month', locale), days })}</li>
          <li>{t('esop.rule.esop.release', { phases: esop.releaseMonths, days })}</li>
          <li>{t('esop.rule.esop.transfer')}</li>
        </ol>
      </section>

      <section className="esop-card" data-testid="esop-rule-investment">
        <h2 className="esop-card__title">{t('esop.rule.investment.heading')}</h2>
        <ol className="esop-rules__list">
          <li>{t('esop.rule.investment.join')}</li>
          <li>{t('esop.rule.investment.release', { days })}</li>
        </ol>
        {products.investment.length === 0 ? (
          <p className="esop-rules__none">{t('esop.rule.none')}</p>
        ) : (
          products.investment.map((product) => (
            <ProductRules key={product.id} product={product} phaseDays={phaseDays} />
          ))
        )}
      </section>

      <section className="esop-card" data-testid="esop-rule-pledge">
        <h2 className="esop-card__title">{t('esop.rule.pledge.heading')}</h2>
        <ol className="esop-rules__list">
          <li>{t('esop.rule.pledge.reward')}</li>
          <li>{t('esop.rule.pledge.early')}</li>
        </ol>
        {products.pledgeTerms.length === 0 ? (
          <p className="esop-rules__none">{t('esop.rule.none')}</p>
        ) : (
          products.pledgeTerms.map((term) => <PledgeTermRules key={term.id} term={term} />)
        )}
      </section>
    </div>
  );
}

/** A product's name from its message key; a product an operator added without one shows its number. */
function useProductName(product: TInvestmentProduct): string {
  const { t, i18n } = useTranslation();
  // A key arriving as data: i18next's typed keys cannot know it, so its default is given instead.
  return i18n.t(product.nameKey, t('esop.rule.investment.fallbackName', { id: product.id }));
}

function ProductRules({ product, phaseDays }: { product: TInvestmentProduct; phaseDays: number }) {
  const { t } = useTranslation();
  const name = useProductName(product);
  const testId = `esop-rule-product-${product.id}`;
  return (
    <div className="esop-rules__item" data-testid={testId}>
      <h3 className="esop-rules__item-title">{name}</h3>
      <Facts
        testId={testId}
        facts={[
          {
            key: 'limits',
            label: t('esop.terms.limits'),
            value: `${formatNumber(product.minAmount)}–${formatNumber(product.maxAmount)} ${product.asset}`,
          },
          {
            key: 'coefficient',
            label: t('esop.rule.investment.coefficient'),
            value: t('esop.rule.investment.coefficientValue', { coefficient: formatNumber(product.coefficient) }),
          },
        ]}
      />
      <table className="esop-rules__phases">
        <tbody>
          {product.phases.map((phase) => (
            <tr key={phase.phase} data-testid={`${testId}-phase-${phase.phase}`}>
              <th scope="row">{t('esop.rule.investment.phase', { phase: phase.phase })}</th>
              <td>
                {t('esop.rule.investment.days', {
                  from: (phase.phase - 1) * phaseDays + 1,
                  to: phase.phase * phaseDays,
                })}
              </td>
              <td className="esop-rules__ratio">
                {t('esop.rule.investment.perDay', { ratio: formatFeeRate(phase.ratio) })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function PledgeTermRules({ term }: { term: TPledgeTerm }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const testId = `esop-rule-pledge-${term.id}`;
  return (
    <div className="esop-rules__item" data-testid={testId}>
      <h3 className="esop-rules__item-title">{formatDuration(term.days, 'day', locale)}</h3>
      <Facts
        testId={testId}
        facts={[
          {
            key: 'rate',
            label: t('esop.rule.pledge.dailyRate'),
            value: t('esop.rule.investment.perDay', { ratio: formatFeeRate(term.dailyRate) }),
          },
          {
            key: 'minimum',
            label: t('esop.rule.pledge.minimum'),
            value: `${formatNumber(term.minAmount)} ${ESOP_ASSET}`,
          },
          {
            key: 'penalty',
            label: t('esop.rule.pledge.penalty'),
            value: formatFeeRate(term.earlyRedemptionPenaltyRate),
          },
        ]}
      />
    </div>
  );
}
