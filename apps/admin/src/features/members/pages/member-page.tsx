import { ArrowLeftOutlined, LockOutlined, LogoutOutlined, SafetyOutlined, UnlockOutlined } from '@ant-design/icons';
import { Permission } from '@kpc/shared/operator';
import { Alert, Button, Card, Result, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { PageLoading } from '@/components/page-loading.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { ReasonDialog } from '@/components/reason-dialog.tsx';
import { ROUTES } from '@/config/routes.ts';
import { formatDateTime } from '@/lib/format.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useCan } from '@/lib/session.ts';
import { useMemberDetail } from '../api/get-member-detail.ts';
import { useResetMemberTwoStep, useRevokeMemberSessions, useSetMemberFrozen } from '../api/member-actions.ts';
import { MemberSummary } from '../components/member-summary.tsx';
import { MemberTabs } from '../components/member-tabs.tsx';

type Action = 'freeze' | 'unfreeze' | 'revoke' | 'resetTwoStep';

/**
 * A member's page: who they are, their balances and records (a tab each); compliance freezes or
 * unfreezes the account, or turns off the two-step verification of a member who lost it (a reason,
 * and a fresh second factor); sessions can be ended.
 */
export default function MemberPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { memberId = '' } = useParams();
  const detail = useMemberDetail(memberId);
  const canFreeze = useCan(Permission.MEMBERS_FREEZE);
  const canRevoke = useCan(Permission.MEMBERS_SESSIONS);
  const canResetTwoStep = useCan(Permission.MEMBERS_SECURITY);
  const setFrozen = useSetMemberFrozen();
  const revoke = useRevokeMemberSessions();
  const resetTwoStep = useResetMemberTwoStep();
  const [action, setAction] = useState<Action | null>(null);

  if (detail.isError) {
    return (
      <Result
        status="404"
        title={t('members.notFound')}
        extra={<Button onClick={() => void navigate(ROUTES.members)}>{t('members.back')}</Button>}
      />
    );
  }
  if (!detail.data) return <PageLoading />;
  const { member } = detail.data;
  const isFrozen = member.frozenAt !== null;
  const hasTwoStep = detail.data.twoStep.totp || detail.data.twoStep.passkeys > 0;

  async function submit(reason: string) {
    if (action === 'resetTwoStep') {
      await resetTwoStep.mutateAsync({ memberId, reason });
      notifySuccess(t('members.resetTwoStepDone'));
    } else if (action === 'revoke') {
      const { sessionsEnded } = await revoke.mutateAsync({ memberId, reason });
      notifySuccess(t('members.sessionsEnded', { count: sessionsEnded }));
    } else if (action) {
      await setFrozen.mutateAsync({ memberId, reason, frozen: action === 'freeze' });
      notifySuccess(t(action === 'freeze' ? 'members.frozenDone' : 'members.unfrozenDone'));
    }
  }

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Button type="link" icon={<ArrowLeftOutlined />} onClick={() => void navigate(-1)} style={{ padding: 0 }}>
        {t('members.back')}
      </Button>
      <PageTitle
        title={
          <Space>
            {member.email ?? member.walletAddress ?? member.id}
            {isFrozen && <Tag color="cyan">{t('members.frozen')}</Tag>}
          </Space>
        }
        extra={
          <Space>
            {canResetTwoStep && hasTwoStep && (
              <Button icon={<SafetyOutlined />} onClick={() => setAction('resetTwoStep')} data-testid="reset-two-step">
                {t('members.resetTwoStep')}
              </Button>
            )}
            {canRevoke && (
              <Button icon={<LogoutOutlined />} onClick={() => setAction('revoke')} data-testid="revoke-sessions">
                {t('members.revokeSessions')}
              </Button>
            )}
            {canFreeze &&
              (isFrozen ? (
                <Button icon={<UnlockOutlined />} onClick={() => setAction('unfreeze')} data-testid="unfreeze-member">
                  {t('members.unfreeze')}
                </Button>
              ) : (
                <Button danger icon={<LockOutlined />} onClick={() => setAction('freeze')} data-testid="freeze-member">
                  {t('members.freeze')}
                </Button>
              ))}
          </Space>
        }
      />
      {isFrozen && (
        <Alert
          type="warning"
          showIcon
          title={t('members.frozenSince', { time: formatDateTime(member.frozenAt) })}
          description={member.frozenReason}
        />
      )}
      <MemberSummary detail={detail.data} />
      <Card>
        <MemberTabs detail={detail.data} />
      </Card>
      <ReasonDialog
        open={action !== null}
        title={action ? t(`members.${action}Title`) : ''}
        text={action ? t(`members.${action}Text`) : ''}
        okText={action ? t(`members.${action}`) : ''}
        danger={action === 'freeze' || action === 'resetTwoStep'}
        onSubmit={submit}
        onClose={() => setAction(null)}
      />
    </Space>
  );
}
