import type { TOperatorActivationCode } from '@kpc/shared/operator';
import { Descriptions, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { memberPath } from '@/config/routes.ts';
import { formatDateTime } from '@/lib/format.ts';

/** A member as a link to their page: the email when there is one, else the id. */
export function MemberLink({ id, email }: { id: string | null; email: string | null }) {
  if (!id) return <>—</>;
  return (
    <Link to={memberPath(id)} className={email ? undefined : 'mono'}>
      {email ?? id}
    </Link>
  );
}

/** A code's story: bought by whom, each gift (from -> to), its use or its voiding. */
export function CodeHistory({ code }: { code: TOperatorActivationCode }) {
  const { t } = useTranslation();
  const items = [
    {
      color: 'blue',
      content: (
        <>
          {t('codes.history.issued', { purchase: code.purchaseId })}{' '}
          <MemberLink id={code.buyerId} email={code.buyerEmail} />
          <Typography.Text type="secondary"> · {formatDateTime(code.createdAt)}</Typography.Text>
        </>
      ),
    },
    ...code.transfers.map((transfer, index) => ({
      color: 'gray',
      content: (
        <span data-testid={`code-${code.id}-transfer-${index}`}>
          {t('codes.history.gave')} <MemberLink id={transfer.fromMemberId} email={transfer.fromEmail} /> →{' '}
          <MemberLink id={transfer.toMemberId} email={transfer.toEmail} />
          <Typography.Text type="secondary"> · {formatDateTime(transfer.at)}</Typography.Text>
        </span>
      ),
    })),
    ...(code.usedAt
      ? [
          {
            color: 'green',
            content: (
              <>
                {t('codes.history.used', { reference: code.usedFor ?? '' })}
                <Typography.Text type="secondary"> · {formatDateTime(code.usedAt)}</Typography.Text>
              </>
            ),
          },
        ]
      : []),
    ...(code.voidedAt
      ? [
          {
            color: 'red',
            content: (
              <>
                {t('codes.history.voided', { by: code.voidedBy ?? '—' })}
                <Typography.Text type="secondary"> · {formatDateTime(code.voidedAt)}</Typography.Text>
              </>
            ),
          },
        ]
      : []),
  ];
  return (
    <div className="code-history" data-testid={`code-${code.id}-history`}>
      <Timeline items={items} />
      {code.voidedReason && (
        <Descriptions size="small" column={1}>
          <Descriptions.Item label={t('codes.voidReason')}>{code.voidedReason}</Descriptions.Item>
        </Descriptions>
      )}
    </div>
  );
}
