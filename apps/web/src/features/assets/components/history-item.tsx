import { formatNumber, maskAddress, RecordKind, type THistoryItem } from '@kpc/shared';
import { CaretRight } from '@phosphor-icons/react';
import type { MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button.tsx';
import { ROUTES, WITHDRAW_DETAIL_RECORD_PARAM } from '@/config/routes.ts';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { getNetworkName } from '@/lib/network-name.ts';
import { navigateTo } from '@/lib/navigation.ts';
import {
  getRecordKindKey,
  getRecordStatusKey,
  getRecordStatusTone,
  isChainRecord,
  shortenTxHash,
} from '@/features/assets/utils/labels.ts';
import '@/components/record.css';
import './history-item.css';

const TAG_CLASS = {
  pending: 'record__tag',
  done: 'record__tag record__tag--done',
  failed: 'record__tag record__tag--failed',
};

/**
 * One financial record. An exchange shows what went out and what came in; a transfer shows income
 * moving to available; a deposit or withdrawal shows its state and where it moved on chain.
 */
export function HistoryItem({ record }: { record: THistoryItem }) {
  return isChainRecord(record.kind) ? <ChainRecordItem record={record} /> : <LedgerRecordItem record={record} />;
}

function RecordTitle({ record }: { record: THistoryItem }) {
  const { t } = useTranslation();
  return (
    <p className="record__title">
      <span>{t(getRecordKindKey(record.kind))}</span>
      <span className={TAG_CLASS[getRecordStatusTone(record.status)]} data-testid="history-item-status">
        {t(getRecordStatusKey(record.status))}
      </span>
    </p>
  );
}

function LedgerRecordItem({ record }: { record: THistoryItem }) {
  const { t } = useTranslation();
  const isExchange = record.kind === RecordKind.EXCHANGE && record.toAsset !== null && record.toAmount !== null;

  return (
    <div className="record" data-testid={`history-item-${record.kind}`}>
      <div className="record__main">
        <RecordTitle record={record} />
        <p className="record__meta">{formatDateTime(record.createdAt)}</p>
      </div>
      <div className="record__side">
        <p className="record__amount" data-testid="history-item-amount">
          {formatNumber(record.amount)} <span className="record__asset">{record.asset}</span>
          {isExchange && (
            <>
              {' → '}
              {formatNumber(record.toAmount)} <span className="record__asset">{record.toAsset}</span>
            </>
          )}
        </p>
        <p className="record__meta">
          {record.kind === RecordKind.TRANSFER
            ? t('history.transferDetail')
            : record.fee !== null && t('history.fee', { amount: formatNumber(record.fee), asset: record.asset })}
        </p>
      </div>
    </div>
  );
}

/** The detail page of a withdrawal's record: its status, confirmations and timeline. */
function getWithdrawalDetailUrl(record: THistoryItem): string {
  return `${ROUTES.withdrawDetail}?${WITHDRAW_DETAIL_RECORD_PARAM}=${encodeURIComponent(record.id)}`;
}

/**
 * A deposit or withdrawal: amount, fee and amount received, network, address (SPEC §9 mask) and
 * transaction. A withdrawal opens its detail page: a tap anywhere on it but its copy button, or its
 * chevron button (44 px, for the keyboard and screen readers).
 */
function ChainRecordItem({ record }: { record: THistoryItem }) {
  const { t } = useTranslation();
  const isWithdrawal = record.kind === RecordKind.WITHDRAW;
  const openDetail = () => navigateTo(getWithdrawalDetailUrl(record));
  function handleCardClick(event: MouseEvent<HTMLDivElement>) {
    // The copy and chevron buttons act for themselves.
    if ((event.target as Element).closest('button, a')) return;
    openDetail();
  }
  const facts: { key: string; label: string; value: ReactNode; isWide?: boolean }[] = [
    { key: 'amount', label: t('history.amount'), value: `${formatNumber(record.amount)} ${record.asset}` },
  ];
  if (isWithdrawal && record.toAmount !== null) {
    facts.push({
      key: 'received',
      label: t('history.received'),
      value: `${formatNumber(record.toAmount)} ${record.toAsset ?? record.asset}`,
    });
  }
  if (record.fee !== null) {
    facts.push({ key: 'fee', label: t('history.feeLabel'), value: `${formatNumber(record.fee)} ${record.asset}` });
  }
  if (record.network)
    facts.push({ key: 'network', label: t('history.network'), value: getNetworkName(record.chainId, record.network) });
  if (record.address) facts.push({ key: 'address', label: t('history.address'), value: maskAddress(record.address) });
  if (record.txHash) {
    facts.push({
      key: 'tx',
      label: t('history.txHash'),
      isWide: true,
      value: (
        <span className="record__hash">
          <span data-testid="history-item-tx-hash">{shortenTxHash(record.txHash)}</span>
          <CopyButton text={record.txHash} testId="history-item-tx-copy" />
        </span>
      ),
    });
  }

  return (
    <div
      className={`record record--stacked${isWithdrawal ? ' record--link' : ''}`}
      data-testid={`history-item-${record.kind}`}
      onClick={isWithdrawal ? handleCardClick : undefined}
    >
      <div className="record__row">
        <RecordTitle record={record} />
        <p className="record__meta record__meta--end">
          {formatDateTime(record.createdAt)}
          {isWithdrawal && (
            <button
              type="button"
              className="icon-button record__open"
              aria-label={t('history.viewDetail')}
              data-testid="history-item-open"
              onClick={openDetail}
            >
              <CaretRight size={16} weight="bold" />
            </button>
          )}
        </p>
      </div>
      <dl className="record__facts">
        {facts.map((fact) => (
          <div key={fact.key} className={fact.isWide ? 'record__fact--wide' : undefined}>
            <dt>{fact.label}</dt>
            <dd data-testid={`history-item-${fact.key}`}>{fact.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
