import { ArrowLeftOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { Permission, type TOperatorCardTopUp } from '@kpc/shared/operator';
import type { TCardTransaction } from '@kpc/shared';
import { Alert, Button, Card, Descriptions, Result, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { PageLoading } from '@/components/page-loading.tsx';
import { PageTitle } from '@/components/page-title.tsx';
import { ReasonDialog } from '@/components/reason-dialog.tsx';
import { StatusTag } from '@/components/status-tag.tsx';
import { memberPath, ROUTES } from '@/config/routes.ts';
import { formatAmount, formatDateTime } from '@/lib/format.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { useCan } from '@/lib/session.ts';
import { useCardDetail, useSetCardFrozen } from '../api/cards-api.ts';

/**
 * A card's page: whose it is, its balance and fees owed, its top-ups (the programme's records) and
 * transactions (the issuer's); compliance freezes or unfreezes it for the programme with a reason
 * (a fresh second factor). A balance the issuer did not give is shown as unknown, never as 0.
 */
export default function CardPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { cardId = '' } = useParams();
  const detail = useCardDetail(cardId);
  const setFrozen = useSetCardFrozen();
  const canManage = useCan(Permission.CARDS_MANAGE);
  const [action, setAction] = useState<'freeze' | 'unfreeze' | null>(null);
  const back = () => void navigate(`${ROUTES.cards}?tab=cards`);

  if (detail.isError) {
    return (
      <Result
        status="404"
        title={t('cards.page.notFound')}
        extra={<Button onClick={back}>{t('cards.page.back')}</Button>}
      />
    );
  }
  if (!detail.data) return <PageLoading />;
  const { card, issuerAnswered, topUps, transactions } = detail.data;
  const none = '—';

  const topUpColumns: TableColumnsType<TOperatorCardTopUp> = [
    {
      title: t('cards.column.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('cards.page.kind'),
      dataIndex: 'kind',
      width: 130,
      render: (kind: TOperatorCardTopUp['kind']) => t(`cards.topUpKind.${kind}`),
    },
    {
      title: t('cards.page.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (value: string) => <span className="mono">{formatAmount(value)}</span>,
    },
    {
      title: t('cards.page.fee'),
      dataIndex: 'fee',
      align: 'right',
      render: (value: string) => <span className="mono">{formatAmount(value)}</span>,
    },
    {
      title: t('cards.column.status'),
      key: 'status',
      width: 220,
      render: (_, row) => (
        <>
          <Tag color={row.status === 'completed' ? 'green' : row.status === 'failed' ? 'red' : 'gold'}>
            {t(`cards.topUpStatus.${row.status}`)}
          </Tag>
          {row.failure && <Typography.Text type="secondary">{row.failure}</Typography.Text>}
        </>
      ),
    },
  ];
  const transactionColumns: TableColumnsType<TCardTransaction> = [
    {
      title: t('cards.column.createdAt'),
      dataIndex: 'createdAt',
      width: 170,
      render: (value: string) => formatDateTime(value),
    },
    {
      title: t('cards.page.type'),
      dataIndex: 'type',
      width: 120,
      render: (type: TCardTransaction['type']) => t(`cards.transactionType.${type}`),
    },
    { title: t('cards.page.merchant'), dataIndex: 'merchant', render: (value: string | null) => value ?? none },
    {
      title: t('cards.page.amount'),
      dataIndex: 'amount',
      align: 'right',
      render: (value: string) => <span className="mono">{formatAmount(value)}</span>,
    },
    {
      title: t('cards.page.balanceAfter'),
      dataIndex: 'balance',
      align: 'right',
      render: (value: string) => <span className="mono">{formatAmount(value)}</span>,
    },
  ];

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <PageTitle
        title={t('cards.page.title', { number: card.maskedNumber })}
        extra={
          <Space>
            <Button icon={<ArrowLeftOutlined />} onClick={back}>
              {t('cards.page.back')}
            </Button>
            {canManage &&
              (card.operatorFrozen ? (
                <Button icon={<UnlockOutlined />} onClick={() => setAction('unfreeze')} data-testid="card-unfreeze">
                  {t('cards.page.unfreeze')}
                </Button>
              ) : (
                <Button danger icon={<LockOutlined />} onClick={() => setAction('freeze')} data-testid="card-freeze">
                  {t('cards.page.freeze')}
                </Button>
              ))}
          </Space>
        }
      />
      {card.operatorFrozen && (
        <Alert
          type="warning"
          showIcon
          title={t('cards.page.frozenByOperator', { reason: card.operatorFrozenReason ?? '' })}
          data-testid="card-operator-frozen"
        />
      )}
      {!issuerAnswered && (
        <Alert
          type="info"
          showIcon
          title={card.importedBy ? t('cards.page.importedNoIssuer') : t('cards.page.issuerUnavailable')}
        />
      )}
      <Card>
        <Descriptions
          size="small"
          column={3}
          bordered
          data-testid="card-facts"
          items={[
            {
              key: 'status',
              label: t('cards.column.status'),
              children: (
                <span data-testid="card-status" data-status={card.status}>
                  <StatusTag status={card.status} />
                  {card.frozenReason && <Tag>{t(`cards.frozenReason.${card.frozenReason}`)}</Tag>}
                </span>
              ),
            },
            {
              key: 'balance',
              label: t('cards.page.balance'),
              children: (
                <span className="mono" data-testid="card-balance">
                  {card.balance === null ? t('cards.page.unknown') : `${formatAmount(card.balance)} USDT`}
                </span>
              ),
            },
            {
              key: 'feeDue',
              label: t('cards.column.feeDue'),
              children: (
                <span className="mono">
                  {card.monthlyFeeDue ? `${formatAmount(card.monthlyFeeDue)} USDT` : t('cards.page.nothingOwed')}
                </span>
              ),
            },
            {
              key: 'member',
              label: t('cards.column.member'),
              children: <Link to={memberPath(card.memberId)}>{card.memberEmail ?? card.memberId}</Link>,
            },
            {
              key: 'product',
              label: t('cards.column.product'),
              children: `${t(`cards.product.${card.product}`)} · ${t(`cards.network.${card.network}`)}`,
            },
            { key: 'label', label: t('cards.import.label'), children: `${card.label} · ${card.region}` },
            { key: 'cardId', label: t('cards.import.cardId'), children: <span className="mono">{card.cardId}</span> },
            { key: 'issued', label: t('cards.column.issuedAt'), children: formatDateTime(card.issuedAt) },
            {
              key: 'bound',
              label: t('cards.page.boundAt'),
              children: card.boundAt ? formatDateTime(card.boundAt) : t('cards.page.notBound'),
            },
            {
              key: 'monthlyFee',
              label: t('cards.page.monthlyFee'),
              children: <span className="mono">{formatAmount(card.monthlyFee)} USDT</span>,
            },
            { key: 'feesCharged', label: t('cards.page.feesCharged'), children: card.monthlyFeesCharged },
            { key: 'nextFee', label: t('cards.page.nextFee'), children: formatDateTime(card.nextMonthlyFeeAt) },
            {
              key: 'origin',
              label: t('cards.page.origin'),
              children: card.importedBy
                ? t('cards.page.importedBy', { name: card.importedBy })
                : t('cards.page.issuedByIssuer'),
            },
          ]}
        />
      </Card>
      <Card title={t('cards.page.topUps')}>
        <Table<TOperatorCardTopUp>
          rowKey="id"
          size="small"
          columns={topUpColumns}
          dataSource={topUps}
          pagination={false}
          data-testid="card-top-ups"
        />
      </Card>
      <Card title={t('cards.page.transactions')}>
        <Table<TCardTransaction>
          rowKey="id"
          size="small"
          columns={transactionColumns}
          dataSource={transactions}
          pagination={false}
          {...(issuerAnswered ? {} : { locale: { emptyText: t('cards.page.unknown') } })}
          data-testid="card-transactions"
        />
      </Card>
      <ReasonDialog
        open={action !== null}
        title={action === 'unfreeze' ? t('cards.page.unfreezeTitle') : t('cards.page.freezeTitle')}
        text={action === 'unfreeze' ? t('cards.page.unfreezeText') : t('cards.page.freezeText')}
        okText={action === 'unfreeze' ? t('cards.page.unfreeze') : t('cards.page.freeze')}
        danger={action === 'freeze'}
        onSubmit={async (reason) => {
          await setFrozen.mutateAsync({ id: card.id, reason, frozen: action === 'freeze' });
          notifySuccess(action === 'freeze' ? t('cards.page.frozenDone') : t('cards.page.unfrozenDone'));
        }}
        onClose={() => setAction(null)}
      />
    </Space>
  );
}
