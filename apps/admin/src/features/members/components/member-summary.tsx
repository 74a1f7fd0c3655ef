import type { TMemberDetail } from '@kpc/shared/operator';
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StatusTag } from '@/components/status-tag.tsx';
import { memberPath } from '@/config/routes.ts';
import { formatAmount, formatDateTime } from '@/lib/format.ts';

/** Which second steps the member has on (Step 11 §2). */
function TwoStepState({ twoStep }: { twoStep: TMemberDetail['twoStep'] }) {
  const { t } = useTranslation();
  const parts = [
    twoStep.totp ? t('members.twoStepTotp') : null,
    twoStep.passkeys > 0 ? t('members.twoStepPasskeys', { count: twoStep.passkeys }) : null,
  ].filter(Boolean);
  return <span data-testid="member-two-step">{parts.length > 0 ? parts.join(' · ') : t('members.twoStepOff')}</span>;
}

/** Who the member is: identity, level, referrer and team at a glance. */
export function MemberSummary({ detail }: { detail: TMemberDetail }) {
  const { t } = useTranslation();
  const { member, referrer, team } = detail;
  return (
    <Descriptions
      size="small"
      bordered
      column={3}
      styles={{ label: { whiteSpace: 'nowrap' } }}
      data-testid="member-summary"
      items={[
        { key: 'id', label: t('members.id'), children: <span className="mono">{member.id}</span> },
        { key: 'email', label: t('members.email'), children: member.email ?? '—' },
        {
          key: 'wallet',
          label: t('members.wallet'),
          children: <span className="mono">{member.walletAddress ?? '—'}</span>,
        },
        { key: 'invite', label: t('members.inviteCode'), children: <span className="mono">{member.inviteCode}</span> },
        { key: 'level', label: t('members.level'), children: t(`members.levels.${member.level}`) },
        { key: 'status', label: t('members.status'), children: <StatusTag status={member.status} /> },
        {
          key: 'referrer',
          label: t('members.referrer'),
          children: referrer ? (
            <Link to={memberPath(referrer.id)}>{referrer.email ?? referrer.walletAddress ?? referrer.inviteCode}</Link>
          ) : (
            t('members.genesis')
          ),
        },
        { key: 'direct', label: t('members.directCount'), children: team.directCount },
        { key: 'team', label: t('members.teamCount'), children: team.teamCount },
        { key: 'volume', label: t('members.teamVolume'), children: `${formatAmount(team.teamVolume)} USDT` },
        { key: 'levels', label: t('members.kpcEsopLevels'), children: `${team.kpcLevel} / ${team.esopLevel}` },
        { key: 'joined', label: t('members.createdAt'), children: formatDateTime(member.createdAt) },
        { key: 'twoStep', label: t('members.twoStep'), children: <TwoStepState twoStep={detail.twoStep} /> },
      ]}
    />
  );
}
