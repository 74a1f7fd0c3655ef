import { formatFeeRate, formatNumber, type TCardProductInfo } from '@kpc/shared';
import { Check } from '@phosphor-icons/react';
import { useTranslation } from 'react-i18next';
import { useCardNames } from '@/features/card/hooks/use-card-names.ts';

interface CardProductOptionProps {
  product: TCardProductInfo;
  isSelected: boolean;
  onSelect: (product: TCardProductInfo) => void;
}

/**
 * One card product to choose (SPEC §9): what applying costs from the balance, each fee (issuance,
 * KYC, initial top-up, monthly, top-up fee with its minimum) and the limits (single, daily,
 * monthly). Test ids `card-product-<code>` (`aria-checked`) and `card-product-<code>-<fact>`.
 */
export function CardProductOption({ product, isSelected, onSelect }: CardProductOptionProps) {
  const { t } = useTranslation();
  const names = useCardNames();
  const testId = `card-product-${product.product}`;
  const money = (value: string) => `${formatNumber(value)} ${product.asset}`;
  const { fees, limits } = product;
  const facts = [
    { key: 'issuance', label: t('card.fees.issuance'), value: money(fees.issuance) },
    { key: 'kyc', label: t('card.fees.kyc'), value: money(fees.kyc) },
    { key: 'initial-top-up', label: t('card.fees.initialTopUp'), value: money(fees.initialTopUp) },
    { key: 'monthly', label: t('card.fees.monthly'), value: money(fees.monthly) },
    {
      key: 'top-up-fee',
      label: t('card.fees.topUpFee'),
      value: t('card.fees.topUpFeeValue', { rate: formatFeeRate(fees.topUpFeeRate), min: money(fees.topUpMinFee) }),
    },
    { key: 'limit-single', label: t('card.limits.single'), value: money(limits.single) },
    { key: 'limit-daily', label: t('card.limits.daily'), value: money(limits.daily) },
    { key: 'limit-monthly', label: t('card.limits.monthly'), value: money(limits.monthly) },
  ];
  return (
    // A radio of the products' radiogroup: a <button> may not hold the facts' <dl>.
    <div
      role="radio"
      tabIndex={0}
      className={isSelected ? 'card-product card-product--selected' : 'card-product'}
      aria-checked={isSelected}
      onClick={() => onSelect(product)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          onSelect(product);
        }
      }}
      data-testid={testId}
    >
      <span className={`card-product__swatch card-face--${product.product}`} aria-hidden="true" />
      <span className="card-product__head">
        <span className="card-product__name">{names.product(product.product)}</span>
        <span className="card-product__networks">{product.networks.map(names.network).join(' · ')}</span>
      </span>
      <span className={isSelected ? 'card-product__check card-product__check--on' : 'card-product__check'}>
        {isSelected && <Check size={14} weight="bold" aria-hidden="true" />}
      </span>
      <span className="card-product__total">
        <span>{t('card.fees.applicationTotal')}</span>
        <strong data-testid={`${testId}-total`}>{money(product.applicationTotal)}</strong>
      </span>
      <dl className="card-product__facts">
        {facts.map((fact) => (
          <div key={fact.key}>
            <dt>{fact.label}</dt>
            <dd data-testid={`${testId}-${fact.key}`}>{fact.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
