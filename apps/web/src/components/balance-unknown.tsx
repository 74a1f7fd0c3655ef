import { Button, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import './balance-unknown.css';

interface BalanceUnknownProps {
  /** The balance call failed (otherwise it is still loading). */
  isError: boolean;
  /** A retry is running. */
  isRetrying: boolean;
  onRetry: () => void;
  /** `<testId>-loading`, `<testId>-failed`, `<testId>-retry`. */
  testId: string;
  /** The figure's size, so the skeleton takes its place without a jump. */
  size: 'large' | 'medium';
}

/**
 * A balance's place while it is not known: a skeleton while the call runs, an error with Retry when
 * it failed. Never a number: a "0" here would be a figure nobody read (Step 4d).
 */
export function BalanceUnknown({ isError, isRetrying, onRetry, testId, size }: BalanceUnknownProps) {
  const { t } = useTranslation();
  if (isError) {
    return (
      <div className="balance-unknown balance-unknown--failed" role="alert" data-testid={`${testId}-failed`}>
        <span>{t('balance.failed')}</span>
        <Button
          size="small"
          shape="rounded"
          fill="outline"
          loading={isRetrying}
          onClick={onRetry}
          data-testid={`${testId}-retry`}
        >
          {t('list.retry')}
        </Button>
      </div>
    );
  }
  return (
    <div className="balance-unknown" role="status" aria-label={t('list.loading')} data-testid={`${testId}-loading`}>
      <Skeleton animated className={`balance-unknown__skeleton balance-unknown__skeleton--${size}`} />
    </div>
  );
}
