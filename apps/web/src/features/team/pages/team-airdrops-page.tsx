import { useTranslation } from 'react-i18next';
import { CursorList } from '@/components/cursor-list.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { useUserStore } from '@/lib/user-store.ts';
import { teamAirdropsSource } from '@/features/team/api/get-team-airdrops.ts';
import { AirdropItem } from '@/features/team/components/airdrop-item.tsx';
import '@/features/team/team.css';

/**
 * /pages/team/airdrops (login required; issue 24 item 9) — every airdrop the member received,
 * newest first, a page at a time: who paid it, for what, gross, the handling fee (SPEC §9) and what
 * arrived in income funds. The team page's airdrop totals lead here.
 */
export function TeamAirdropsPage() {
  const { t } = useTranslation();
  const token = useUserStore((state) => state.token);
  return (
    <div className="page team-airdrops-page" data-testid="team-airdrops-page">
      <PageNavBar title={t('team.airdropHistory')} />
      <CursorList
        source={teamAirdropsSource(token)}
        header={<p className="team-airdrops__note">{t('team.airdropHistoryNote')}</p>}
        renderItem={(airdrop) => <AirdropItem airdrop={airdrop} />}
        emptyText={t('team.airdropHistoryEmpty')}
        testId="team-airdrops"
      />
    </div>
  );
}
