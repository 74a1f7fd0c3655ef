import { formatNumber, RecordKind, type THistoryItem } from '@kpc/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { getRecordKindKey, getRecordStatusKey } from '../utils/labels.ts';

/**
 * One financial record. An exchange shows what went out and what came in; a transfer shows income
 * moving to available; any other kind (deposits and withdrawals arrive in Step 4) shows its amount.
 */
export function HistoryItem({ record }: { record: THistoryItem }) {
  const { t } = useTranslation();
  const isExchange = record.kind === RecordKind.EXCHANGE && record.toAsset !== null && record.toAmount !== null;
  const isCompleted = record.status === 'completed';

  return (
    <div className="record" data-testid={`history-item-${record.kind}`}>
      <div className="record__main">
        <p className="record__title">
          <span>{t(getRecordKindKey(record.kind))}</span>
          <span className={isCompleted ? 'record__tag record__tag--done' : 'record__tag'}>
            {t(getRecordStatusKey(record.status))}
          </span>
        </p>
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
