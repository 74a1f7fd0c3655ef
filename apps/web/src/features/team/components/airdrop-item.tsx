import { formatNumber, type TTeamAirdrop } from '@kpc/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-date-time.ts';
import '@/components/record.css';

/** The events that pay airdrops, by the wire's name (an unknown one shows as sent). */
const EVENTS = ['klk_package', 'card', 'plan', 'esop'] as const;

/**
 * One airdrop received (issue 24 item 9): who in the team paid it (masked), for what, direct,
 * indirect or card, when, what it was before the handling fee, the fee and what arrived in income funds;
 * taken back (struck through, tagged) when its event was refunded. Test ids `team-airdrop-item-*`.
 */
export function AirdropItem({ airdrop }: { airdrop: TTeamAirdrop }) {
  const { t } = useTranslation();
  const money = (value: string) => (
    <>
      {formatNumber(value)} <span className="record__asset">{airdrop.asset}</span>
    </>
  );
  const event = (EVENTS as readonly string[]).includes(airdrop.event)
    ? t(`team.airdropEvent.${airdrop.event as (typeof EVENTS)[number]}`)
    : airdrop.event;

  return (
    <div
      className="record record--stacked"
      data-testid="team-airdrop-item"
      data-id={airdrop.id}
      data-reversed={airdrop.reversed}
    >
      <div className="record__row">
        <p className="record__title">
          <span className="team-airdrop__from" translate="no" data-testid="team-airdrop-item-from">
            {airdrop.from}
          </span>
          <span className="record__tag" data-testid="team-airdrop-item-kind">
            {t(`team.airdropKind.${airdrop.kind}`)}
          </span>
        </p>
        <p
          className={
            airdrop.reversed ? 'record__amount team-airdrop__net--reversed' : 'record__amount record__amount--positive'
          }
          data-testid="team-airdrop-item-net"
        >
          +{money(airdrop.net)}
        </p>
      </div>
      <p className="record__meta team-airdrop__event">
        <span data-testid="team-airdrop-item-event">{event}</span>
        <span aria-hidden="true">·</span>
        <span data-testid="team-airdrop-item-time">{formatDateTime(airdrop.createdAt)}</span>
        {airdrop.reversed && (
          <span className="record__tag record__tag--failed" data-testid="team-airdrop-item-reversed">
            {t('team.airdropReversed')}
          </span>
        )}
      </p>
      <dl className="record__facts team-airdrop__facts">
        <div>
          <dt>{t('team.airdropGross')}</dt>
          <dd data-testid="team-airdrop-item-gross">{money(airdrop.gross)}</dd>
        </div>
        <div>
          <dt>{t('team.airdropFee')}</dt>
          <dd data-testid="team-airdrop-item-fee">−{money(airdrop.fee)}</dd>
        </div>
      </dl>
    </div>
  );
}
