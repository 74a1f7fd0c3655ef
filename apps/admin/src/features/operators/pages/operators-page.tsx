import { UserAddOutlined } from '@ant-design/icons';
import type { TEnrolmentLink, TOperator } from '@kpc/shared/operator';
import { Button, Card, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/page-title.tsx';
import { ReasonDialog } from '@/components/reason-dialog.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useSession } from '@/lib/session.ts';
import { useOperators } from '../api/list-operators.ts';
import { useResetSecondFactor } from '../api/reset-second-factor.ts';
import { useSetOperatorDisabled } from '../api/set-operator-disabled.ts';
import { EnrolmentLinkDialog } from '../components/enrolment-link-dialog.tsx';
import { InviteDialog } from '../components/invite-dialog.tsx';
import { RolesDialog } from '../components/roles-dialog.tsx';

const STATUS_COLORS = { invited: 'gold', active: 'green', disabled: 'default' } as const;

type PendingAction = { kind: 'disable' | 'enable' | 'reset'; operator: TOperator } | null;

/** Operators (administrators): who may use the console, with which roles; invite, change, reset, disable. */
export default function OperatorsPage() {
  const { t } = useTranslation();
  const { operator: me } = useSession();
  const operators = useOperators();
  const setDisabled = useSetOperatorDisabled();
  const resetSecondFactor = useResetSecondFactor();
  const [isInviting, setIsInviting] = useState(false);
  const [link, setLink] = useState<TEnrolmentLink | null>(null);
  const [editingRoles, setEditingRoles] = useState<TOperator | null>(null);
  const [pending, setPending] = useState<PendingAction>(null);

  const columns: TableColumnsType<TOperator> = [
    {
      title: t('operators.name'),
      key: 'name',
      render: (_, operator) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text strong>{operator.name}</Typography.Text>
          <Typography.Text type="secondary">{operator.email}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('operators.roles'),
      dataIndex: 'roles',
      render: (_, operator) =>
        operator.roles.map((role) => (
          <Tag key={role} color="blue">
            {t(`roles.${role}.name`)}
          </Tag>
        )),
    },
    {
      title: t('operators.status'),
      dataIndex: 'status',
      render: (_, operator) => (
        <Space size={4}>
          <Tag color={STATUS_COLORS[operator.status]}>{t(`operators.statuses.${operator.status}`)}</Tag>
          {operator.lockedUntil && new Date(operator.lockedUntil) > new Date() && (
            <Tag color="red">{t('operators.lockedUntil', { time: formatDateTime(operator.lockedUntil) })}</Tag>
          )}
        </Space>
      ),
    },
    {
      title: t('operators.lastSignIn'),
      dataIndex: 'lastSignInAt',
      render: (value: string | null) => formatDateTime(value),
    },
    { title: t('operators.createdAt'), dataIndex: 'createdAt', render: (value: string) => formatDateTime(value) },
    {
      title: t('common.actions'),
      key: 'actions',
      width: 300,
      render: (_, operator) => {
        const isMe = operator.id === me.id;
        return (
          <Space size={4} wrap>
            <Button size="small" onClick={() => setEditingRoles(operator)}>
              {t('operators.changeRoles')}
            </Button>
            {!isMe && operator.status !== 'disabled' && (
              <Button size="small" onClick={() => setPending({ kind: 'reset', operator })}>
                {t('operators.resetSecondFactor')}
              </Button>
            )}
            {!isMe &&
              (operator.status === 'disabled' ? (
                <Button size="small" onClick={() => setPending({ kind: 'enable', operator })}>
                  {t('operators.enable')}
                </Button>
              ) : (
                <Button size="small" danger onClick={() => setPending({ kind: 'disable', operator })}>
                  {t('operators.disable')}
                </Button>
              ))}
          </Space>
        );
      },
    },
  ];

  async function confirmPending(reason: string) {
    if (!pending) return;
    const { kind, operator } = pending;
    if (kind === 'reset') {
      setLink(await resetSecondFactor.mutateAsync({ id: operator.id, reason }));
    } else {
      await setDisabled.mutateAsync({ id: operator.id, reason, disabled: kind === 'disable' });
      notifySuccess(
        t(kind === 'disable' ? 'operators.disabledDone' : 'operators.enabledDone', { name: operator.name }),
      );
    }
  }

  return (
    <>
      <PageTitle
        title={t('nav.operators')}
        extra={
          <Button
            type="primary"
            icon={<UserAddOutlined />}
            onClick={() => setIsInviting(true)}
            data-testid="invite-operator"
          >
            {t('operators.invite')}
          </Button>
        }
      />
      <Card>
        <Table<TOperator>
          rowKey="id"
          columns={columns}
          dataSource={operators.data ?? []}
          loading={operators.isFetching}
          pagination={false}
          data-testid="operators-table"
        />
      </Card>
      <InviteDialog
        open={isInviting}
        onClose={() => setIsInviting(false)}
        onInvited={(invited) => {
          setIsInviting(false);
          setLink(invited);
        }}
      />
      <RolesDialog operator={editingRoles} onClose={() => setEditingRoles(null)} />
      {/* One dialog per link: a new link never reopens a dialog still closing from the last one. */}
      <EnrolmentLinkDialog key={link?.enrolmentUrl ?? 'none'} link={link} onClose={() => setLink(null)} />
      <ReasonDialog
        open={pending !== null}
        title={pending ? t(`operators.${pending.kind}Title`, { name: pending.operator.name }) : ''}
        text={pending ? t(`operators.${pending.kind}Text`) : ''}
        okText={pending ? t(`operators.${pending.kind}Confirm`) : ''}
        danger={pending?.kind === 'disable'}
        onSubmit={confirmPending}
        onClose={() => setPending(null)}
      />
    </>
  );
}
