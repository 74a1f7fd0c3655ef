import { formatNumber, type TCardTransaction } from '@kpc/shared';
import { Receipt } from '@phosphor-icons/react';
import { Button, Empty } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/load-failed.tsx';
import { SkeletonRows } from '@/components/skeleton-rows.tsx';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { useCursorList } from '@/lib/use-cursor-list.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { cardTransactionsSource } from '@/features/card/api/get-card-transactions.ts';
import '@/components/record.css';

/** `+100` into the card, `-12.5` out of it (the wire amount is signed already). */
function signedAmount(amount: string): string {
  const formatted = formatNumber(amount);
  return amount.trim().startsWith('-') ? formatted : `+${formatted}`;
}

/** One transaction: its type and merchant, when, the signed amount (green in, red out) and the balance after it. */
function CardTransactionRow({ item, asset }: { item: TCardTransaction; asset: string }) {
  const { t } = useTranslation();
  const isOut = item.amount.trim().startsWith('-');
  return (
    <div className="record" data-testid="card-transactions-item">
      <div className="record__main">
        <p className="record__title">
          <span data-testid="card-transactions-item-type">{t(`card.transactions.types.${item.type}`)}</span>
        </p>
        {item.merchant && (
          <p className="record__meta card-transactions__merchant" data-testid="card-transactions-item-merchant">
            {item.merchant}
          </p>
        )}
        <p className="record__meta">{formatDateTime(item.createdAt)}</p>
      </div>
      <div className="record__side">
        <p
          className={`record__amount record__amount--${isOut ? 'negative' : 'positive'}`}
          data-testid="card-transactions-item-amount"
        >
          {signedAmount(item.amount)} <span className="record__asset">{asset}</span>
        </p>
        <p className="record__meta" data-testid="card-transactions-item-balance">
          {t('card.transactions.balanceAfter', { amount: formatNumber(item.balance) })}
        </p>
      </div>
    </div>
  );
}

/**
 * The card's transactions from the issuer, newest first: top-ups, purchases and refunds with their
 * running balance; "Load more" follows `nextCursor`. Test ids `card-transactions` (the list),
 * `card-transactions-loading`, `card-transactions-empty`, `card-transactions-more`,
 * `card-transactions-end`, `card-transactions-item[-type|-merchant|-amount|-balance]`.
 */
export function CardTransactions({ cardRecordId, asset }: { cardRecordId: string; asset: string }) {
  const { t } = useTranslation();
  const token = useUserStore((state) => state.token);
  const list = useCursorList(cardTransactionsSource(token, cardRecordId));
  const [isLoadingMore, setIsLoadingMore] = useState(false);
  const [hasMoreFailed, setHasMoreFailed] = useState(false);

  async function loadMore() {
    setIsLoadingMore(true);
    setHasMoreFailed(false);
    try {
      await list.loadMore();
    } catch {
      setHasMoreFailed(true);
    } finally {
      setIsLoadingMore(false);
    }
  }

  let body;
  if (list.isLoading) {
    body = <SkeletonRows count={3} testId="card-transactions-loading" />;
  } else if (list.isError) {
    body = <LoadFailed onRetry={() => void list.refresh()} />;
  } else if (list.items.length === 0) {
    body = (
      <Empty
        className="card-transactions__empty"
        image={<Receipt size={48} weight="thin" />}
        description={t('card.transactions.empty')}
        data-testid="card-transactions-empty"
      />
    );
  } else {
    body = (
      <>
        <ul className="record-list" data-testid="card-transactions">
          {list.items.map((item) => (
            <li key={item.id} className="record-list__item">
              <CardTransactionRow item={item} asset={asset} />
            </li>
          ))}
        </ul>
        <div className="card-transactions__foot">
          {list.hasMore ? (
            <>
              {hasMoreFailed && <p className="card-transactions__failed">{t('list.failed')}</p>}
              <Button
                size="small"
                fill="outline"
                color="primary"
                loading={isLoadingMore}
                onClick={() => void loadMore()}
                data-testid="card-transactions-more"
              >
                {hasMoreFailed ? t('list.retry') : t('card.transactions.loadMore')}
              </Button>
            </>
          ) : (
            <span data-testid="card-transactions-end">{t('list.noMore')}</span>
          )}
        </div>
      </>
    );
  }

  return (
    <section className="card-transactions" aria-labelledby="card-transactions-title">
      <h2 className="section-title" id="card-transactions-title">
        {t('card.transactions.title')}
      </h2>
      {body}
    </section>
  );
}
