import { formatNumber, type TAssetLogItem } from '@kpc/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { formatSignedAmount, getAmountSign, getBucketKey, getEntryTypeKey } from '@/features/assets/utils/labels.ts';
import '@/components/record.css';

/**
 * One posting of the asset flow: type, asset, bucket, signed amount (green in, red out), balance after,
 * time; an operator adjustment also its public reason.
 */
export function AssetLogItem({ entry }: { entry: TAssetLogItem }) {
  const { t } = useTranslation();
  return (
    <div className="record" data-testid="asset-log-item">
      <div className="record__main">
        <p className="record__title">
          <span data-testid="asset-log-item-type">{t(getEntryTypeKey(entry.type))}</span>
          <span className="record__tag">{t(getBucketKey(entry.bucket))}</span>
        </p>
        {entry.note ? (
          <p className="record__meta" data-testid="asset-log-item-note">
            {entry.note}
          </p>
        ) : null}
        <p className="record__meta">{formatDateTime(entry.createdAt)}</p>
      </div>
      <div className="record__side">
        <p
          className={`record__amount record__amount--${getAmountSign(entry.amount)}`}
          data-testid="asset-log-item-amount"
        >
          {formatSignedAmount(formatNumber(entry.amount), entry.amount)}{' '}
          <span className="record__asset" data-testid="asset-log-item-asset">
            {entry.asset}
          </span>
        </p>
        <p className="record__meta">{t('assetLog.balanceAfter', { amount: formatNumber(entry.balanceAfter) })}</p>
      </div>
    </div>
  );
}
