import { ErrorCode, ZAddressCancelToken, type TAddressCancelPeek } from '@kpc/shared';
import { CheckCircle, ShieldWarning, WarningCircle } from '@phosphor-icons/react';
import { Button, Skeleton } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/load-failed.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { ReviewRows } from '@/components/review-sheet.tsx';
import { ADDRESS_CANCEL_TOKEN_PARAM, ROUTES } from '@/config/routes.ts';
import { getNetworkName } from '@/lib/network-name.ts';
import { redirectTo } from '@/lib/navigation.ts';
import { RequestError } from '@/lib/request.ts';
import { cancelAddress, peekAddressCancel } from '@/features/address-book/api/address-book-calls.ts';
import '@/features/address-book/address-book.css';

const INVALID = ErrorCode.ADDRESS_CANCEL_LINK_INVALID;
const isInvalidLink = (error: unknown) => error instanceof RequestError && error.code === INVALID;

/**
 * /pages/asset/withdraw/address-cancel?token=… (public; Step 11 §2) — opened from the "new withdrawal
 * address" mail: what will be cancelled (name, network, masked address), and Cancel. No sign-in: the
 * link's token is the authority. A wrong or old link says so and reveals nothing; a second press
 * says it is already cancelled. Test ids `address-cancel-page`, `address-cancel-details`,
 * `address-cancel-confirm`, `address-cancel-done`, `address-cancel-already`, `address-cancel-invalid`.
 */
export function AddressCancelPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get(ADDRESS_CANCEL_TOKEN_PARAM) ?? '';
  const token = ZAddressCancelToken.safeParse(raw).success ? raw.trim() : '';
  const [outcome, setOutcome] = useState<'cancelled' | 'already' | 'invalid' | null>(null);
  const [isCancelling, setIsCancelling] = useState(false);
  const peek = useQuery({
    queryKey: ['address-book', 'cancel', token],
    queryFn: () => peekAddressCancel(token, { quietCodes: [INVALID] }),
    enabled: token !== '',
    retry: false,
  });

  async function cancel() {
    setIsCancelling(true);
    try {
      setOutcome((await cancelAddress(token, { quietCodes: [INVALID] })).outcome);
    } catch (error) {
      if (isInvalidLink(error)) setOutcome('invalid');
    } finally {
      setIsCancelling(false);
    }
  }

  const state = outcome ?? (token === '' || isInvalidLink(peek.error) ? 'invalid' : peek.data?.state);
  let body;
  if (state === 'invalid') {
    body = (
      <Notice icon={<WarningCircle size={32} aria-hidden="true" />} testId="address-cancel-invalid">
        {t('addressBook.cancelInvalid')}
      </Notice>
    );
  } else if (state === 'cancelled' && outcome === 'cancelled') {
    body = (
      <Notice icon={<CheckCircle size={32} weight="fill" aria-hidden="true" />} testId="address-cancel-done" good>
        {t('addressBook.cancelDone')}
      </Notice>
    );
  } else if (state === 'cancelled' || state === 'already') {
    body = (
      <Notice icon={<CheckCircle size={32} aria-hidden="true" />} testId="address-cancel-already">
        {t('addressBook.cancelAlready')}
      </Notice>
    );
  } else if (peek.data) {
    body = <Details peek={peek.data} isCancelling={isCancelling} onCancel={() => void cancel()} />;
  } else if (peek.isError) {
    body = <LoadFailed onRetry={() => void peek.refetch()} />;
  } else {
    body = (
      <section className="address-card">
        <Skeleton.Paragraph animated lineCount={4} />
      </section>
    );
  }

  return (
    <div className="page" data-testid="address-cancel-page">
      <PageNavBar title={t('addressBook.cancelTitle')} />
      {body}
      <Button block fill="none" className="address-cancel__home" onClick={() => void redirectTo(ROUTES.home)}>
        {t('addressBook.openApp')}
      </Button>
    </div>
  );
}

function Details({
  peek,
  isCancelling,
  onCancel,
}: {
  peek: TAddressCancelPeek;
  isCancelling: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="address-card" data-testid="address-cancel-details">
      <div className="address-card__state address-card__state--warning">
        <ShieldWarning size={28} weight="duotone" aria-hidden="true" />
        <p className="address-card__text">{t('addressBook.cancelText')}</p>
      </div>
      <ReviewRows
        testId="address-cancel"
        rows={[
          { key: 'label', label: t('addressBook.label'), value: peek.label },
          { key: 'network', label: t('addressBook.network'), value: getNetworkName(peek.chainId, peek.network) },
          { key: 'address', label: t('addressBook.address'), value: <span translate="no">{peek.address}</span> },
        ]}
      />
      <Button
        block
        color="danger"
        size="large"
        className="address-card__action"
        loading={isCancelling}
        onClick={onCancel}
        data-testid="address-cancel-confirm"
      >
        {t('addressBook.cancelConfirm')}
      </Button>
    </section>
  );
}

function Notice({
  icon,
  children,
  testId,
  good = false,
}: {
  icon: React.ReactNode;
  children: React.ReactNode;
  testId: string;
  good?: boolean;
}) {
  return (
    <section className={good ? 'address-notice address-notice--good' : 'address-notice'} data-testid={testId}>
      {icon}
      <p>{children}</p>
    </section>
  );
}
