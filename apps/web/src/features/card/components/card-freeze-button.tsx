import { CardStatus, type TCardListItem } from '@kpc/shared';
import { ArrowCircleDown, Snowflake, SunDim } from '@phosphor-icons/react';
import { Button, Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@/config/routes.ts';
import { navigateTo } from '@/lib/navigation.ts';
import { showToast } from '@/lib/toast.ts';
import { useSetCardFrozen } from '@/features/card/api/freeze-card.ts';

/**
 * Freeze or Unfreeze, each after a confirm dialog; the card's state on the page is the server's
 * answer. A card the programme froze for an unpaid monthly fee (`fee_due`) has no Unfreeze: paying
 * the fee unfreezes it, so Deposit USDT (`card-detail-deposit`) takes its place. Test ids
 * `card-freeze-button` (`data-action` freeze or unfreeze), `card-freeze-confirm`, `card-freeze-cancel`.
 */
export function CardFreezeButton({ card }: { card: TCardListItem }) {
  const { t } = useTranslation();
  const mutation = useSetCardFrozen();
  const isFrozen = card.status === CardStatus.FROZEN;
  if (isFrozen && card.frozenReason === 'fee_due') {
    return (
      <Button
        className="card-detail__action"
        fill="outline"
        color="warning"
        onClick={() => void navigateTo(ROUTES.recharge)}
        data-testid="card-detail-deposit"
      >
        <ArrowCircleDown size={18} aria-hidden="true" />
        <span>{t('card.detail.deposit')}</span>
      </Button>
    );
  }
  // The programme's freeze (an operator's) is lifted only by an operator: the state says so.
  if (isFrozen && card.frozenReason === 'programme') return null;
  const freeze = !isFrozen;

  function ask() {
    void Dialog.confirm({
      title: freeze ? t('card.freeze.confirmFreezeTitle') : t('card.freeze.confirmUnfreezeTitle'),
      content: freeze ? t('card.freeze.confirmFreeze') : t('card.freeze.confirmUnfreeze'),
      confirmText: (
        <span data-testid="card-freeze-confirm">{freeze ? t('card.freeze.freeze') : t('card.freeze.unfreeze')}</span>
      ),
      cancelText: <span data-testid="card-freeze-cancel">{t('common.cancel')}</span>,
      // A failure is toasted by the request client; the card stays as it was.
      onConfirm: async () => {
        try {
          await mutation.mutateAsync({ id: card.id, frozen: freeze });
        } catch {
          return;
        }
        showToast(freeze ? t('card.freeze.frozen') : t('card.freeze.unfrozen'));
      },
    });
  }

  return (
    <Button
      className="card-detail__action"
      fill="outline"
      loading={mutation.isPending}
      onClick={ask}
      data-testid="card-freeze-button"
      data-action={freeze ? 'freeze' : 'unfreeze'}
    >
      {freeze ? <Snowflake size={18} aria-hidden="true" /> : <SunDim size={18} aria-hidden="true" />}
      <span>{freeze ? t('card.freeze.freeze') : t('card.freeze.unfreeze')}</span>
    </Button>
  );
}
