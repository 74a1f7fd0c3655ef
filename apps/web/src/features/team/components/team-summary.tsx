import { formatNumber, type TTeamSummary } from '@kpc/shared';
import { CaretRight, Medal, SealCheck } from '@phosphor-icons/react';
import { Skeleton } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/load-failed.tsx';
import { PageLink } from '@/components/page-link.tsx';
import { ROUTES } from '@/config/routes.ts';
import { useKlkLevelName } from '@/lib/use-klk-level-name.ts';

/** The asset the team volume is counted in (the wire schema: plans and packages, in USDT). */
const VOLUME_ASSET = 'USDT';

interface Stat {
  label: string;
  /** Undefined while the summary loads: a skeleton, never a false 0. */
  value: ReactNode | undefined;
  testId: string;
}

/** A grid of labelled figures; each value is a skeleton until it is known. `footer` goes under it (a link). */
function StatGrid({
  title,
  stats,
  testId,
  footer,
}: {
  title: string;
  stats: Stat[];
  testId: string;
  footer?: ReactNode;
}) {
  return (
    <section className="team-card" data-testid={testId}>
      <h2 className="team-card__title">{title}</h2>
      <dl className="team-stats">
        {stats.map((stat) => (
          <div key={stat.testId} className="team-stats__item">
            <dt>{stat.label}</dt>
            <dd data-testid={stat.testId}>
              {stat.value === undefined ? <Skeleton animated className="team-stats__skeleton" /> : stat.value}
            </dd>
          </div>
        ))}
      </dl>
      {footer}
    </section>
  );
}

interface TeamSummaryProps {
  summary: TTeamSummary | undefined;
  isError: boolean;
  onRetry: () => void;
}

/**
 * The member's standing (SPEC §3 Team, §6): the current level with the shareholder applicant (or,
 * once approved, shareholder) badge, the KPC, ESOP and KLK broker levels ("None" rather than a level
 * 0), the airdrops received (net of the handling fee) with a link to each one, and the team's
 * members and volume. Test ids `team-level`, `team-shareholder`,
 * `team-kpc-level`, `team-esop-level`, `team-klk-level`, `team-airdrop-{total,direct,indirect,card}`,
 * `team-airdrop-history-link`,
 * `team-direct-count`, `team-indirect-count`, `team-size`, `team-volume`.
 */
export function TeamSummary({ summary, isError, onRetry }: TeamSummaryProps) {
  const { t } = useTranslation();
  const klkLevelName = useKlkLevelName();
  if (!summary && isError) return <LoadFailed onRetry={onRetry} />;

  const none = <span className="team-stats__none">{t('team.none')}</span>;
  const teamLevel = (level: number) => (level > 0 ? t('team.levelNumber', { level }) : none);
  const money = (value: string, asset: string) => (
    <>
      {formatNumber(value)} <span className="team-stats__asset">{asset}</span>
    </>
  );
  const airdrops = summary?.airdrops;

  return (
    <>
      <section className="summary-card" data-testid="team-summary">
        <Medal className="summary-card__icon" size={40} weight="duotone" aria-hidden="true" />
        <div className="summary-card__main">
          <span className="summary-card__muted">{t('team.currentLevel')}</span>
          {summary ? (
            <strong className="summary-card__figure" data-testid="team-level" data-level={summary.level}>
              {t(`levels.${summary.level}`)}
            </strong>
          ) : (
            <Skeleton animated className="summary-card__skeleton" />
          )}
          {summary?.shareholderStatus && (
            <span className="team-badge" data-testid="team-shareholder" data-status={summary.shareholderStatus}>
              <SealCheck size={14} weight="fill" aria-hidden="true" />
              {/* Approved is a shareholder, no longer an applicant (issue 24 item 9). */}
              {t(summary.shareholderStatus === 'approved' ? 'team.shareholder' : 'team.shareholderApplicant')}
            </span>
          )}
        </div>
      </section>
      <StatGrid
        title={t('team.levels')}
        testId="team-levels"
        stats={[
          { label: t('team.kpcLevel'), value: summary && teamLevel(summary.kpcLevel), testId: 'team-kpc-level' },
          { label: t('team.esopLevel'), value: summary && teamLevel(summary.esopLevel), testId: 'team-esop-level' },
          {
            label: t('team.klkLevel'),
            value: summary && (summary.klkLevel ? klkLevelName(summary.klkLevel) : none),
            testId: 'team-klk-level',
          },
        ]}
      />
      <StatGrid
        title={t('team.airdrops')}
        testId="team-airdrops"
        stats={[
          {
            label: t('team.airdropTotal'),
            value: airdrops && money(airdrops.total, airdrops.asset),
            testId: 'team-airdrop-total',
          },
          {
            label: t('team.airdropDirect'),
            value: airdrops && money(airdrops.direct, airdrops.asset),
            testId: 'team-airdrop-direct',
          },
          {
            label: t('team.airdropIndirect'),
            value: airdrops && money(airdrops.indirect, airdrops.asset),
            testId: 'team-airdrop-indirect',
          },
          {
            label: t('team.airdropCard'),
            value: airdrops && money(airdrops.card, airdrops.asset),
            testId: 'team-airdrop-card',
          },
        ]}
        footer={
          <PageLink to={ROUTES.teamAirdrops} className="team-card__link" testId="team-airdrop-history-link">
            {t('team.airdropHistory')}
            <CaretRight size={16} weight="bold" aria-hidden="true" />
          </PageLink>
        }
      />
      <StatGrid
        title={t('team.members')}
        testId="team-members"
        stats={[
          { label: t('team.directCount'), value: summary?.directCount, testId: 'team-direct-count' },
          { label: t('team.indirectCount'), value: summary?.indirectCount, testId: 'team-indirect-count' },
          { label: t('team.teamSize'), value: summary?.teamSize, testId: 'team-size' },
          {
            label: t('team.teamVolume'),
            value: summary && money(summary.teamVolume, VOLUME_ASSET),
            testId: 'team-volume',
          },
        ]}
      />
    </>
  );
}
