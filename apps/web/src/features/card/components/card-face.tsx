import { CardStatus, formatNumber, type TCardListItem } from '@kpc/shared';
import { useTranslation } from 'react-i18next';
import { useCardNames } from '@/features/card/hooks/use-card-names.ts';

interface CardFaceProps {
  card: TCardListItem;
  /** The asset a bound card's balance is in (USDT). */
  asset?: string;
}

/**
 * One card drawn as the card itself (SPEC §2 "Card pages": number, ID, label and region): the
 * product's colours, its name as the card's label, the network's mark, the masked number, its ID
 * and region, frozen or active, and the balance once bound. The label is the product's name in the
 * member's language (card.product.*), never the issuer's own label, which is English (issue 24).
 * Test ids `card-<id>-{product,network,number,card-id,region,status,balance}`.
 */
export function CardFace({ card, asset = 'USDT' }: CardFaceProps) {
  const { t } = useTranslation();
  const names = useCardNames();
  const testId = `card-${card.id}`;
  const isFrozen = card.status === CardStatus.FROZEN;
  return (
    <div
      className={`card-face card-face--${card.product}${isFrozen ? ' card-face--frozen' : ''}`}
      data-product={card.product}
      data-network={card.network}
    >
      <div className="card-face__top">
        <span className="card-face__names">
          <span className="card-face__product" data-testid={`${testId}-product`}>
            {names.product(card.product)}
          </span>
        </span>
        <span className={`card-face__network card-face__network--${card.network}`} data-testid={`${testId}-network`}>
          {card.network === 'mastercard' && <span className="card-face__circles" aria-hidden="true" />}
          {names.network(card.network)}
        </span>
      </div>
      <div className="card-face__middle">
        <span className="card-face__chip" aria-hidden="true" />
        <span
          className={isFrozen ? 'card-face__state card-face__state--frozen' : 'card-face__state'}
          data-testid={`${testId}-status`}
        >
          {card.isBound ? t(`card.status.${card.status}`) : t('card.notBound')}
        </span>
      </div>
      <p className="card-face__number" translate="no" data-testid={`${testId}-number`}>
        {card.maskedNumber}
      </p>
      <dl className="card-face__facts">
        <div>
          <dt>{t('card.cardId')}</dt>
          <dd translate="no" data-testid={`${testId}-card-id`}>
            {card.cardId}
          </dd>
        </div>
        <div>
          <dt>{t('card.region')}</dt>
          <dd data-testid={`${testId}-region`}>{names.country(card.region)}</dd>
        </div>
        {card.isBound && card.balance !== null && (
          <div className="card-face__balance">
            <dt>{t('card.balance')}</dt>
            <dd data-testid={`${testId}-balance`}>{`${formatNumber(card.balance)} ${asset}`}</dd>
          </div>
        )}
      </dl>
    </div>
  );
}
