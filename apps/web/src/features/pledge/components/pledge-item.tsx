import { formatFeeRate, formatNumber, PledgeStatus, type TPledge } from '@kpc/shared';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-date-time.ts';

interface PledgeItemProps {
  pledge: TPledge;
  /** Opens the early-redemption review; only an active pledge whose term has not ended offers it. */
  onRedeem: (pledge: TPledge) => void;
}

/** What the item shows: the pledge's status, or `settling` once its term has ended and the engine has yet to return it. */
type PledgeState = TPledge['status'] | 'settling';

const STATUS_TAG_CLASS: Record<PledgeState, string> = {
  [PledgeStatus.ACTIVE]: 'record__tag pledge-item__tag--active',
  settling: 'record__tag record__tag--done',
  [PledgeStatus.MATURED]: 'record__tag record__tag--done',
  [PledgeStatus.REDEEMED]: 'record__tag record__tag--failed',
};

/**
 * An active pledge with no day remaining has reached its maturity day: its last rewards and its
 * principal are due (the server settles them, never with a penalty), so it is no longer redeemed early.
 */
export function pledgeState(pledge: TPledge): PledgeState {
  return pledge.status === PledgeStatus.ACTIVE && pledge.remainingDays === 0 ? 'settling' : pledge.status;
}

/**
 * One pledge (SPEC §3 "Pledge"): amount, time, remaining days, rewards paid, status, and the
 * current KPC price with the pledge's USDT value; an early redemption's penalty and return. Once its
 * term has ended it says it is being settled instead of offering early redemption. Test ids
 * `pledge-<id>-<fact>`.
 */
export function PledgeItem({ pledge, onRedeem }: PledgeItemProps) {
  const { t } = useTranslation();
  const state = pledgeState(pledge);
  const id = `pledge-${pledge.id}`;
  const kpc = (value: string) => `${formatNumber(value)} ${pledge.asset}`;
  const facts: { key: string; label: string; value: string }[] = [
    { key: 'time', label: t('pledge.time'), value: formatDateTime(pledge.createdAt) },
    { key: 'matures', label: t('pledge.maturesAt'), value: formatDateTime(pledge.maturesAt) },
    { key: 'remaining', label: t('pledge.remainingDays'), value: String(pledge.remainingDays) },
    { key: 'rewards', label: t('pledge.rewardsPaid'), value: kpc(pledge.rewardsPaid) },
    { key: 'price', label: t('pledge.price'), value: `${formatNumber(pledge.price)} USDT` },
    { key: 'value', label: t('pledge.value'), value: `≈ ${formatNumber(pledge.valueUsdt)} USDT` },
  ];
  if (pledge.status === PledgeStatus.REDEEMED) {
    facts.push(
      {
        key: 'redeemed-at',
        label: t('pledge.redeemedAt'),
        value: pledge.redeemedAt ? formatDateTime(pledge.redeemedAt) : '—',
      },
      { key: 'penalty', label: t('pledge.penaltyBurnedShort'), value: pledge.penalty ? kpc(pledge.penalty) : '—' },
      { key: 'returned', label: t('pledge.returned'), value: pledge.returned ? kpc(pledge.returned) : '—' },
    );
  }

  return (
    <article className="record record--stacked pledge-item" data-testid={id}>
      <div className="record__row">
        <span className="record__title">
          {t('pledge.termDays', { days: pledge.termDays })}
          <span className="pledge-item__rate">
            {t('pledge.dailyRateShort', { rate: formatFeeRate(pledge.dailyRate) })}
          </span>
          <span className={STATUS_TAG_CLASS[state]} data-testid={`${id}-status`}>
            {t(`pledge.statuses.${state}`)}
          </span>
        </span>
        <span className="record__amount" data-testid={`${id}-amount`}>
          {formatNumber(pledge.amount)} <span className="record__asset">{pledge.asset}</span>
        </span>
      </div>
      <dl className="record__facts">
        {facts.map((fact) => (
          <div key={fact.key}>
            <dt>{fact.label}</dt>
            <dd data-testid={`${id}-${fact.key}`}>{fact.value}</dd>
          </div>
        ))}
      </dl>
      {state === PledgeStatus.ACTIVE && (
        <Button
          block
          size="small"
          fill="outline"
          className="pledge-item__redeem"
          onClick={() => onRedeem(pledge)}
          data-testid={`${id}-redeem`}
        >
          {t('pledge.redeem.action')}
        </Button>
      )}
      {state === 'settling' && (
        <p className="pledge-item__note" data-testid={`${id}-note`}>
          {t('pledge.settlingNote', { amount: kpc(pledge.amount) })}
        </p>
      )}
      {state === PledgeStatus.MATURED && (
        <p className="pledge-item__note" data-testid={`${id}-note`}>
          {t('pledge.maturedNote', { amount: kpc(pledge.amount) })}
        </p>
      )}
    </article>
  );
}
