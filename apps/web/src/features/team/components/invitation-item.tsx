import type { TTeamInvitation } from '@kpc/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-date-time.ts';
import '@/components/member-identity.css';

/** One member the member invited (SPEC §3 "user, level, card"): who (masked, SPEC §9), their card, level, own team's size and when they joined. */
export function InvitationItem({ invitation }: { invitation: TTeamInvitation }) {
  const { t } = useTranslation();
  return (
    <div className="record" data-testid="team-invitation" data-id={invitation.id}>
      <div className="record__main">
        <p className="record__title">
          <span className="team-invitation__member" translate="no" data-testid="team-invitation-member">
            {invitation.member}
          </span>
        </p>
        <p className="record__meta" data-testid="team-invitation-card" data-card={invitation.card ?? ''}>
          {invitation.card
            ? t('team.invitationCard', {
                name: t(`card.product.${invitation.card}`, { defaultValue: invitation.card }),
              })
            : t('team.invitationNoCard')}
        </p>
        <p className="record__meta" data-testid="team-invitation-joined">
          {t('team.joinedAt', { date: formatDateTime(invitation.joinedAt) })}
        </p>
      </div>
      <div className="record__side team-invitation__side">
        <span
          className={`level-badge level-badge--${invitation.level}`}
          data-testid="team-invitation-level"
          data-level={invitation.level}
        >
          {t(`levels.${invitation.level}`, { defaultValue: invitation.level })}
        </span>
        <p className="record__meta" data-testid="team-invitation-team-size">
          {t('team.invitationTeamSize', { count: invitation.teamSize })}
        </p>
      </div>
    </div>
  );
}
