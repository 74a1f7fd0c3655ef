import { ErrorCode, formatNumber, type TPlanBurnedResponse } from '@kpc/shared';
import { Fire } from '@phosphor-icons/react';
import { Skeleton } from 'antd-mobile';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ClientErrorCode, request } from '@/lib/request.ts';
import './home-kpc-burned.css';

/**
 * The ways this public figure can fail to load: it is left out (below) instead of a toast on a page
 * the visitor did not open for it.
 */
const BURNED_QUIET_CODES = [
  ClientErrorCode.NETWORK,
  ClientErrorCode.TIMEOUT,
  ClientErrorCode.NOT_FOUND,
  ErrorCode.INTERNAL,
  ErrorCode.SERVICE_BUSY,
  ErrorCode.RATE_LIMITED,
];

/** POST /api/plan/burned (public): the programme's total KPC burned, the ledger's burn account. */
export function getKpcBurned(): Promise<TPlanBurnedResponse> {
  return request<TPlanBurnedResponse>('/plan/burned', {}, { quietCodes: BURNED_QUIET_CODES });
}

export function kpcBurnedQueryOptions() {
  return queryOptions({ queryKey: ['plan', 'burned'] as const, queryFn: getKpcBurned });
}

/**
 * SPEC §2 Home: "the total KPC Burned", for visitors and members alike. A skeleton until it is read
 * (never a false 0); if it cannot be read, the figure is left out quietly.
 */
export function HomeKpcBurned() {
  const { t } = useTranslation();
  const query = useQuery(kpcBurnedQueryOptions());
  if (query.isError && !query.data) return null;
  return (
    <section className="home-burned" data-testid="home-burned">
      <span className="home-burned__icon" aria-hidden="true">
        <Fire size={20} weight="fill" />
      </span>
      <span className="home-burned__label">{t('esop.burned')}</span>
      {query.data ? (
        <span className="home-burned__value" data-testid="home-burned-value">
          {formatNumber(query.data.burned)} {query.data.asset}
        </span>
      ) : (
        <Skeleton animated className="home-burned__skeleton" data-testid="home-burned-loading" />
      )}
    </section>
  );
}
