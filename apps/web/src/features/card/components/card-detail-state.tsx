import { CardStatus, formatNumber, type TCardListItem } from '@kpc/shared';
import { Snowflake, WarningCircle } from '@phosphor-icons/react';
import { useTranslation } from 'react-i18next';
import { PageLink } from '@/components/page-link.tsx';
import { ROUTES } from '@/config/routes.ts';

/**
 * Why the card cannot be used now, and what to do: frozen by the member (Unfreeze is beside it), or
 * frozen by the programme for an unpaid monthly fee — with what is owed and that depositing USDT
 * pays it and unfreezes the card by itself (the Deposit button sits in Unfreeze's place). A fee owed
 * on an active card shows too, with a Deposit link. Nothing for an active card with nothing owed.
 * An operator's freeze (`programme`, Step 8b) has no Unfreeze: support lifts it.
 * Test ids `card-detail-state` (`data-reason` member, programme, fee_due or fee_owed), `card-detail-fee-due`,
 * `card-detail-deposit`.
 */
export function CardDetailState({ card, asset }: { card: TCardListItem; asset: string }) {
  const { t } = useTranslation();
  const isFrozen = card.status === CardStatus.FROZEN;
  const isFeeDue = card.frozenReason === 'fee_due' || card.monthlyFeeDue !== null;
  if (!isFrozen && !isFeeDue) return null;
  const reason = isFrozen ? (card.frozenReason ?? 'member') : 'fee_owed';

  let text;
  if (reason === 'member') text = t('card.detail.frozenByMember');
  else if (reason === 'programme') text = t('card.detail.frozenByProgramme');
  else if (reason === 'fee_due') text = t('card.detail.frozenFeeDue');
  else text = t('card.detail.feeOwed');

  return (
    <section
      className={`card-detail-state card-detail-state--${reason === 'member' || reason === 'programme' ? 'frozen' : 'fee'}`}
      role="status"
      data-testid="card-detail-state"
      data-reason={reason}
    >
      {reason === 'member' || reason === 'programme' ? (
        <Snowflake className="card-detail-state__icon" size={22} aria-hidden="true" />
      ) : (
        <WarningCircle className="card-detail-state__icon" size={22} aria-hidden="true" />
      )}
      <div className="card-detail-state__main">
        <p>{text}</p>
        {card.monthlyFeeDue !== null && (
          <p className="card-detail-state__owed">
            {t('card.detail.feeDueAmount')}{' '}
            <strong data-testid="card-detail-fee-due">{`${formatNumber(card.monthlyFeeDue)} ${asset}`}</strong>
          </p>
        )}
        {reason === 'fee_owed' && (
          <PageLink to={ROUTES.recharge} className="card-detail-state__link" testId="card-detail-deposit">
            {t('card.detail.deposit')}
          </PageLink>
        )}
      </div>
    </section>
  );
}
