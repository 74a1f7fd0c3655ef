import { formatFeeRate, formatNumber, type TExchangeRecord } from '@kpc/shared';
import { CheckCircle } from '@phosphor-icons/react';
import { Button, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { ReviewRows, type ReviewRow } from '@/components/review-sheet.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';
import '@/components/review-sheet.css';
import '@/components/sheet.css';

interface ExchangeReceiptSheetProps {
  isOpen: boolean;
  /** The exchange just made; kept while the sheet slides away. */
  record: TExchangeRecord | null;
  onDone: () => void;
  onViewLog: () => void;
}

/**
 * What an exchange did, once it is done (issue Step 4d): SPEC §8's success message, what was sent
 * and received, rate, fee and time, then Done or the exchange log. Test ids `exchange-receipt`,
 * `exchange-receipt-<row>`, `exchange-receipt-done`, `exchange-receipt-log`.
 */
export function ExchangeReceiptSheet({ isOpen, record, onDone, onViewLog }: ExchangeReceiptSheetProps) {
  const { t } = useTranslation();
  if (!record) return null;
  const rows: ReviewRow[] = [
    { key: 'sent', label: t('exchangeLog.sent'), value: `${formatNumber(record.amount)} ${record.from}` },
    {
      key: 'received',
      label: t('exchangeLog.received'),
      value: `${formatNumber(record.received)} ${record.to}`,
      isEmphasised: true,
    },
    { key: 'rate', label: t('exchange.rate'), value: `1 ${record.from} = ${formatNumber(record.rate)} ${record.to}` },
    {
      key: 'fee',
      label: t('exchange.fee'),
      value: `${formatNumber(record.fee)} ${record.from} (${formatFeeRate(record.feeRate)})`,
    },
    { key: 'time', label: t('exchange.receipt.time'), value: formatDateTime(record.createdAt) },
  ];

  return (
    <Popup visible={isOpen} onMaskClick={onDone} onClose={onDone} bodyClassName="sheet">
      <div className="sheet__content exchange-receipt" role="status" data-testid="exchange-receipt">
        <CheckCircle className="exchange-receipt__icon" size={56} weight="fill" aria-hidden="true" />
        <h2 className="exchange-receipt__title" data-testid="exchange-receipt-title">
          {t('exchange.success')}
        </h2>
        <p className="exchange-receipt__amount">
          +{formatNumber(record.received)} {record.to}
        </p>
        <ReviewRows rows={rows} testId="exchange-receipt" />
        <div className="review-sheet__actions">
          <Button block color="primary" size="large" onClick={onDone} data-testid="exchange-receipt-done">
            {t('exchange.receipt.done')}
          </Button>
          <Button block fill="none" onClick={onViewLog} data-testid="exchange-receipt-log">
            {t('exchange.receipt.viewLog')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
