import { DISPLAY_DECIMALS, formatFeeRate, formatNumber, type TExchangeRecord } from '@kpc/shared';
import { ArrowsLeftRight, ClockCounterClockwise, Swap } from '@phosphor-icons/react';
import { Button, Empty } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '@/components/amount-field.tsx';
import { LoadFailed } from '@/components/load-failed.tsx';
import { PageLoading } from '@/components/page-loading.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { ROUTES } from '@/config/routes.ts';
import { useAssetList } from '@/lib/api/get-asset-list.ts';
import { navigateTo } from '@/lib/navigation.ts';
import { useAmountInput, type AmountInput } from '@/lib/use-amount-input.ts';
import { useExchangePairs } from '@/features/exchange/api/get-exchange-pairs.ts';
import { AssetPicker } from '@/features/exchange/components/asset-picker.tsx';
import { ExchangeReceiptSheet } from '@/features/exchange/components/exchange-receipt-sheet.tsx';
import { ExchangeReviewSheet } from '@/features/exchange/components/exchange-review-sheet.tsx';
import { QuotePanel } from '@/features/exchange/components/quote-panel.tsx';
import { useExchangeQuote } from '@/features/exchange/hooks/use-exchange-quote.ts';
import {
  choosePair,
  findPair,
  getReceiveAssets,
  getSendAssets,
  getSwappedPair,
  type PairChoice,
} from '@/features/exchange/utils/quote.ts';
import '@/features/exchange/exchange.css';

/**
 * /pages/exchange/index (login required) — quick exchange (SPEC §3 "Exchange"): choose what to
 * send and receive, the amount (All = the available balance), then a quote whose rate holds for a
 * short time; review it in a sheet and confirm it before it runs out, or ask for a new one. A
 * receipt shows what the exchange did.
 */
export function ExchangePage() {
  const { t } = useTranslation();
  const pairsQuery = useExchangePairs();
  const assets = useAssetList();
  const pairs = pairsQuery.data?.pairs ?? [];
  const [wanted, setWanted] = useState<Partial<PairChoice>>({});
  const choice = choosePair(pairs, wanted);
  const pair = choice ? findPair(pairs, choice.from, choice.to) : undefined;
  const sendBalance = assets.data?.lst.find((balance) => balance.asset === choice?.from);
  const quote = useExchangeQuote(pairsQuery.data?.quoteSeconds ?? 0);
  const amount = useAmountInput({
    decimals: sendBalance?.decimals ?? DISPLAY_DECIMALS,
    max: sendBalance?.available,
    min: pair?.minAmount,
    asset: choice?.from,
  });
  // Any change to the form drops the quote: its terms were for the old one.
  const amountInput: AmountInput = {
    ...amount,
    setValue: (raw) => {
      amount.setValue(raw);
      quote.clear();
    },
  };
  const swapped = choice ? getSwappedPair(pairs, choice) : null;
  const [isReviewOpen, setIsReviewOpen] = useState(false);
  const [receipt, setReceipt] = useState<TExchangeRecord | null>(null);
  const [isReceiptOpen, setIsReceiptOpen] = useState(false);
  const reviewedQuote = quote.state.status === 'none' ? null : quote.state;
  // A quote the server refused is gone, and the review with it: a later quote does not reopen it.
  if (isReviewOpen && !reviewedQuote) setIsReviewOpen(false);

  function changePair(next: Partial<PairChoice>) {
    setWanted(next);
    amount.reset();
    quote.clear();
  }

  async function askForQuote() {
    const value = amount.validate();
    if (!value || !choice) return;
    await quote.requestQuote({ from: choice.from, to: choice.to, amount: value });
  }

  async function confirmQuote() {
    // A failure is toasted by the request client, or turns the quote expired (the sheet then offers
    // a new one) or drops it (the sheet closes with it).
    const record = await quote.confirm();
    if (!record) return;
    setIsReviewOpen(false);
    amount.reset();
    setReceipt(record);
    setIsReceiptOpen(true);
  }

  const logLink = (
    <button
      type="button"
      className="icon-button"
      aria-label={t('exchange.log')}
      onClick={() => navigateTo(ROUTES.exchangeLog)}
      data-testid="exchange-log-link"
    >
      <ClockCounterClockwise size={22} />
    </button>
  );

  if (!pairsQuery.data || !choice) {
    return (
      <div className="page" data-testid="exchange-page">
        <PageNavBar title={t('exchange.title')} right={logLink} />
        {pairsQuery.isError ? (
          <LoadFailed onRetry={() => void pairsQuery.refetch()} />
        ) : pairsQuery.data ? (
          <Empty className="empty-state" image={<Swap size={64} weight="thin" />} description={t('exchange.closed')} />
        ) : (
          <PageLoading />
        )}
      </div>
    );
  }

  return (
    <div className="page" data-testid="exchange-page">
      <PageNavBar title={t('exchange.title')} right={logLink} />
      <section className="exchange-pair">
        <AssetPicker
          label={t('exchange.send')}
          value={choice.from}
          options={getSendAssets(pairs)}
          onChange={(from) => changePair({ from, to: choice.to })}
          testId="exchange-from"
        />
        <button
          type="button"
          className="exchange-pair__swap"
          aria-label={t('exchange.swap')}
          disabled={!swapped}
          onClick={() => swapped && changePair(swapped)}
          data-testid="exchange-swap"
        >
          <ArrowsLeftRight size={20} weight="bold" />
        </button>
        <AssetPicker
          label={t('exchange.receive')}
          value={choice.to}
          options={getReceiveAssets(pairs, choice.from)}
          onChange={(to) => changePair({ from: choice.from, to })}
          testId="exchange-to"
        />
      </section>
      <div className="page-section">
        <AmountField
          input={amountInput}
          label={t('amount.label')}
          asset={choice.from}
          balanceLabel={t('asset.available')}
          balance={sendBalance?.available ?? (assets.data ? '0' : undefined)}
          testId="exchange-amount"
        />
        {pair && (
          <p className="exchange-terms" data-testid="exchange-terms">
            {t('exchange.terms', {
              feeRate: formatFeeRate(pair.feeRate),
              min: formatNumber(pair.minAmount),
              asset: pair.from,
            })}
          </p>
        )}
      </div>
      {quote.state.status !== 'none' && <QuotePanel state={quote.state} secondsLeft={quote.secondsLeft} />}
      <div className="page-section">
        {quote.state.status === 'live' ? (
          <Button
            block
            color="primary"
            size="large"
            onClick={() => setIsReviewOpen(true)}
            data-testid="exchange-submit"
          >
            {t('exchange.submit')}
          </Button>
        ) : (
          <Button
            block
            color="primary"
            size="large"
            loading={quote.isQuoting}
            onClick={() => void askForQuote()}
            data-testid={quote.state.status === 'expired' ? 'exchange-requote' : 'exchange-get-quote'}
          >
            {quote.state.status === 'expired' ? t('exchange.requote') : t('exchange.getQuote')}
          </Button>
        )}
      </div>
      <ExchangeReviewSheet
        isOpen={isReviewOpen && reviewedQuote !== null}
        state={reviewedQuote}
        secondsLeft={quote.secondsLeft}
        onConfirm={confirmQuote}
        onRefresh={quote.refresh}
        onCancel={() => setIsReviewOpen(false)}
      />
      <ExchangeReceiptSheet
        isOpen={isReceiptOpen}
        record={receipt}
        onDone={() => setIsReceiptOpen(false)}
        onViewLog={() => {
          setIsReceiptOpen(false);
          navigateTo(ROUTES.exchangeLog);
        }}
      />
    </div>
  );
}
