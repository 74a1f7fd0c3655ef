import { formatFeeRate, formatNumber, type TCardListItem } from '@kpc/shared';
import { WarningCircle } from '@phosphor-icons/react';
import { Button, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AmountField } from '@/components/amount-field.tsx';
import { ReviewRows, type ReviewRow } from '@/components/review-sheet.tsx';
import { useAmountInput } from '@/lib/use-amount-input.ts';
import type { CardTopUpReview } from './card-top-up-review-sheet.tsx';
import {
  getCardTopUpAll,
  getCardTopUpLimits,
  previewCardTopUpFee,
  type CardTopUpTerms,
} from '@/features/card/utils/card-top-up.ts';
import '@/components/sheet.css';

interface CardTopUpSheetProps {
  isOpen: boolean;
  card: TCardListItem;
  asset: string;
  decimals: number;
  /** Available balance of `asset`; undefined while it loads. */
  available: string | undefined;
  /** The product's fees and limits; undefined while they load. */
  terms: CardTopUpTerms | undefined;
  /** The server's refusal of the last confirm (a limit with what remains...), or null. */
  refusal: string | null;
  onNext: (review: CardTopUpReview) => void;
  onClose: () => void;
}

/**
 * The top-up form, in a sheet over the card: the amount (up to what available covers with its fee,
 * within the single limit), the fee computed live by the server's own function with the product's
 * rate and minimum, the total taken from available, and the product's single, daily and monthly
 * limits. Next opens the review; nothing is sent from here.
 */
export function CardTopUpSheet(props: CardTopUpSheetProps) {
  return (
    <Popup
      visible={props.isOpen}
      onMaskClick={props.onClose}
      onClose={props.onClose}
      bodyClassName="sheet"
      destroyOnClose
    >
      {/* Its own component: the form's state starts afresh each time the sheet opens. */}
      <CardTopUpForm {...props} />
    </Popup>
  );
}

function CardTopUpForm({ card, asset, decimals, available, terms, refusal, onNext, onClose }: CardTopUpSheetProps) {
  const { t } = useTranslation();
  const limits = getCardTopUpLimits(asset, decimals, available, terms);
  const amount = useAmountInput(limits);
  const preview = previewCardTopUpFee(amount.validAmount, terms, decimals);
  const money = (value: string | undefined) => (value === undefined ? '—' : `${formatNumber(value)} ${asset}`);
  const all = getCardTopUpAll(limits);

  function handleNext() {
    const value = amount.validate();
    const fee = previewCardTopUpFee(value, terms, decimals);
    if (value === null || fee === null) return;
    onNext({ card, asset, amount: value, fee, available });
  }

  const summary: ReviewRow[] = [
    { key: 'available', label: t('asset.available'), value: money(available) },
    { key: 'fee', label: t('card.fees.topUpFee'), value: money(preview?.fee) },
    { key: 'total', label: t('card.topUp.total'), value: money(preview?.total), isEmphasised: preview !== null },
  ];
  const limitRows: ReviewRow[] = [
    { key: 'single', label: t('card.limits.single'), value: money(terms?.limits.single) },
    { key: 'daily', label: t('card.limits.daily'), value: money(terms?.limits.daily) },
    { key: 'monthly', label: t('card.limits.monthly'), value: money(terms?.limits.monthly) },
  ];

  return (
    <div className="sheet__content card-top-up" data-testid="card-top-up">
      <h2 className="sheet__title">{t('card.topUp.title')}</h2>
      <p className="sheet__text" data-testid="card-top-up-card">
        {t(`card.product.${card.product}`)} •••• {card.last4}
      </p>
      <div className="card-top-up__amount">
        <AmountField
          input={amount}
          label={t('card.topUp.amount')}
          asset={asset}
          balanceLabel={t('card.topUp.upTo')}
          balance={all}
          testId="card-top-up-amount"
        />
      </div>
      <ReviewRows rows={summary} testId="card-top-up" />
      {terms && (
        <p className="card-top-up__fee-rule" data-testid="card-top-up-fee-rule">
          {t('card.topUp.feeRule', {
            rate: formatFeeRate(terms.fees.topUpFeeRate),
            min: formatNumber(terms.fees.topUpMinFee),
            asset,
          })}
        </p>
      )}
      <h3 className="card-top-up__limits-title">{t('card.topUp.limitsTitle')}</h3>
      <ReviewRows rows={limitRows} testId="card-top-up-limit" />
      {refusal && (
        <p className="card-top-up__refusal" role="alert" data-testid="card-top-up-refusal">
          <WarningCircle size={18} aria-hidden="true" />
          <span>{refusal}</span>
        </p>
      )}
      <div className="card-top-up__actions">
        <Button
          block
          color="primary"
          size="large"
          disabled={!terms}
          onClick={handleNext}
          data-testid="card-top-up-next"
        >
          {t('card.topUp.next')}
        </Button>
        <Button block fill="none" onClick={onClose} data-testid="card-top-up-cancel">
          {t('common.cancel')}
        </Button>
      </div>
    </div>
  );
}
