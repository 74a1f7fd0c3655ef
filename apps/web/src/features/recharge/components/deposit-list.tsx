import { DepositStatus, formatNumber } from '@kpc/shared';
import { Tray } from '@phosphor-icons/react';
import { Button, Empty } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/load-failed.tsx';
import { SkeletonRows } from '@/components/skeleton-rows.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';
import {
  formatConfirmations,
  getDepositStatusKey,
  SENT_STATUS,
  shortenHash,
} from '@/features/recharge/utils/labels.ts';
import { canAccelerate, type DepositRow } from '@/features/recharge/utils/sent-deposits.ts';
import '@/components/record.css';

interface DepositListProps {
  rows: readonly DepositRow[];
  /** "No recharges…" or "No deposits…": the list has one method's rows. */
  emptyText: string;
  /** Confirmations a deposit needs on this channel (SPEC §9: 20). */
  required: number;
  asset: string;
  nowMs: number;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  onAccelerate: (txHash: string) => void;
}

function getTagClass(status: string): string {
  if (status === DepositStatus.CREDITED) return 'record__tag record__tag--done';
  if (status === DepositStatus.BELOW_MINIMUM || status === DepositStatus.REORGED)
    return 'record__tag record__tag--failed';
  return 'record__tag';
}

/**
 * The member's deposits on the chosen network: sends from this device the chain has not shown yet,
 * then what the server saw, each with its amount, transaction, status and confirmations n/20, and
 * Accelerate on a send that has not arrived within 3 minutes (SPEC §9).
 */
export function DepositList({
  rows,
  emptyText,
  required,
  asset,
  nowMs,
  isLoading,
  isError,
  onRetry,
  onAccelerate,
}: DepositListProps) {
  const { t } = useTranslation();

  if (rows.length === 0) {
    if (isError) return <LoadFailed onRetry={onRetry} />;
    if (isLoading) {
      return <SkeletonRows count={2} />;
    }
    return (
      <Empty
        className="deposit-list__empty"
        image={<Tray size={48} weight="thin" />}
        description={emptyText}
        data-testid="recharge-deposits-empty"
      />
    );
  }

  return (
    <ul className="record-list deposit-list" data-testid="recharge-deposits">
      {rows.map((row) => {
        const { deposit, sent } = row;
        const status = deposit?.status ?? SENT_STATUS;
        const confirmations = deposit ? formatConfirmations(deposit.confirmations, deposit.required) : `0/${required}`;
        const time = deposit
          ? formatDateTime(deposit.createdAt)
          : sent
            ? formatDateTime(new Date(sent.sentAt).toISOString())
            : '';
        return (
          <li key={row.txHash} className="record-list__item">
            <div className="record record--stacked" data-testid="recharge-deposit-row">
              <div className="record__row">
                <p className="record__title">
                  <span data-testid="recharge-deposit-amount">
                    {formatNumber(deposit?.amount ?? sent?.amount ?? '0')}{' '}
                    <span className="record__asset">{deposit?.asset ?? asset}</span>
                  </span>
                  <span className={getTagClass(status)} data-testid="recharge-deposit-status">
                    {t(getDepositStatusKey(status))}
                  </span>
                </p>
                <p className="record__meta">{time}</p>
              </div>
              <div className="record__row">
                <p className="record__meta deposit-list__hash" title={row.txHash} data-testid="recharge-deposit-hash">
                  {shortenHash(row.txHash)}
                </p>
                <p className="record__meta" data-testid="recharge-deposit-confirmations">
                  {t('recharge.confirmations', { progress: confirmations })}
                </p>
              </div>
              {canAccelerate(row, nowMs) && (
                <Button
                  size="small"
                  fill="outline"
                  color="primary"
                  className="deposit-list__accelerate"
                  onClick={() => onAccelerate(row.txHash)}
                  data-testid="recharge-deposit-accelerate"
                >
                  {t('recharge.accelerate')}
                </Button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
