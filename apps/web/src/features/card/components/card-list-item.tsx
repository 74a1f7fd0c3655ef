import type { TCardListItem } from '@kpc/shared';
import { CaretRight } from '@phosphor-icons/react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CARD_DETAIL_ID_PARAM, ROUTES } from '@/config/routes.ts';
import { navigateTo } from '@/lib/navigation.ts';
import { CardFace } from '@/features/card/components/card-face.tsx';
import { BIND_CARD_ID_PARAM } from '@/features/card/utils/bind-params.ts';

/**
 * One of the member's cards on the card tab: a bound card opens its page (balance, top-up, freeze,
 * transactions); a card not bound yet says so, with "Go to Bind" (which carries only the record id:
 * the number and ID are typed from the card itself). Test ids `card-<id>` and `card-<id>-{open,bind}`.
 */
export function CardListItem({ card }: { card: TCardListItem }) {
  const { t } = useTranslation();
  const testId = `card-${card.id}`;
  if (card.isBound) {
    const detailUrl = `${ROUTES.cardDetail}?${CARD_DETAIL_ID_PARAM}=${encodeURIComponent(card.id)}`;
    return (
      <li className="card-item" data-testid={testId} data-bound="true">
        <button
          type="button"
          className="card-item__open"
          onClick={() => void navigateTo(detailUrl)}
          aria-label={t('card.openCard', { last4: card.last4 })}
          data-testid={`${testId}-open`}
        >
          <CardFace card={card} />
        </button>
        <button type="button" className="card-item__bar" onClick={() => void navigateTo(detailUrl)} tabIndex={-1}>
          <span>{t('card.manage')}</span>
          <CaretRight size={16} weight="bold" aria-hidden="true" />
        </button>
      </li>
    );
  }
  return (
    <li className="card-item" data-testid={testId} data-bound="false">
      <CardFace card={card} />
      <div className="card-item__bar card-item__bar--bind">
        <span className="card-item__hint">{t('card.bindHint')}</span>
        <Button
          color="primary"
          size="small"
          onClick={() => void navigateTo(`${ROUTES.cardBind}?${BIND_CARD_ID_PARAM}=${encodeURIComponent(card.id)}`)}
          data-testid={`${testId}-bind`}
        >
          {t('card.goToBind')}
        </Button>
      </div>
    </li>
  );
}
