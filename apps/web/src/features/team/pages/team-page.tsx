import { useTranslation } from 'react-i18next';
import { CursorList } from '@/components/cursor-list.tsx';
import { PageLink } from '@/components/page-link.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { ROUTES } from '@/config/routes.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { teamInvitationsSource } from '@/features/team/api/get-team-invitations.ts';
import { useTeamSummary } from '@/features/team/api/get-team-summary.ts';
import { InvitationItem } from '@/features/team/components/invitation-item.tsx';
import { TeamSummary } from '@/features/team/components/team-summary.tsx';
import '@/features/team/team.css';

/**
 * /pages/team/index (login required; SPEC §3 Team, §6) — the member's levels, airdrops and team
 * figures, then "My invitations", the members they invited, newest first: the next page on reaching
 * the bottom, an empty state that leads to the invite page. Pulling down refreshes both.
 * Test ids: `team-page`, those of TeamSummary, `team-invitations[-loading|-empty|-end]`, `team-invite-link`.
 */
export function TeamPage() {
  const { t } = useTranslation();
  const token = useUserStore((state) => state.token);
  const summaryQuery = useTeamSummary();

  return (
    <div className="page team-page" data-testid="team-page">
      <PageNavBar title={t('team.title')} />
      <CursorList
        source={teamInvitationsSource(token)}
        header={
          <>
            <TeamSummary
              summary={summaryQuery.data}
              isError={summaryQuery.isError}
              onRetry={() => void summaryQuery.refetch()}
            />
            <h2 className="section-title">{t('team.invitations')}</h2>
          </>
        }
        onRefresh={() => summaryQuery.refetch()}
        renderItem={(invitation) => <InvitationItem invitation={invitation} />}
        emptyText={t('team.empty')}
        emptyAction={
          <PageLink to={ROUTES.invite} testId="team-invite-link">
            {t('team.inviteNow')}
          </PageLink>
        }
        testId="team-invitations"
      />
    </div>
  );
}
