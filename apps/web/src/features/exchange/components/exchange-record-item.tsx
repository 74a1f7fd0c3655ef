import { formatFeeRate, formatNumber, type TExchangeRecord } from '@kpc/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-date-time.ts';
import '@/components/record.css';

/** One exchange: what was sent and received, at which rate and fee, and when. */
export function ExchangeRecordItem({ record }: { record: TExchangeRecord }) {
  const { t } = useTranslation();
  return (
    <div className="record record--stacked" data-testid="exchange-log-item">
      <div className="record__row">
        <p className="record__title">
          {record.from} → {record.to}
        </p>
        <p className="record__meta">{formatDateTime(record.createdAt)}</p>
      </div>
      <dl className="record__facts">
        <div>
          <dt>{t('exchangeLog.sent')}</dt>
          <dd data-testid="exchange-log-item-sent">
            {formatNumber(record.amount)} {record.from}
          </dd>
        </div>
        <div>
          <dt>{t('exchangeLog.received')}</dt>
          <dd className="record__amount--positive" data-testid="exchange-log-item-received">
            {formatNumber(record.received)} {record.to}
          </dd>
        </div>
        <div>
          <dt>{t('exchange.rate')}</dt>
          <dd>
            1 {record.from} = {formatNumber(record.rate)} {record.to}
          </dd>
        </div>
        <div>
          <dt>{t('exchange.fee')}</dt>
          <dd>
            {formatNumber(record.fee)} {record.from} ({formatFeeRate(record.feeRate)})
          </dd>
        </div>
      </dl>
    </div>
  );
}
