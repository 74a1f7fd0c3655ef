import { pickRequestId, type PendingRequest } from '@kpc/client';
import {
  ZCardPayment,
  type TCardNetwork,
  type TCardPayment,
  type TCardProduct,
  type TCardProductInfo,
} from '@kpc/shared';
import { Button, Form } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppForm } from '@/components/app-form.tsx';
import { ChoiceSelector } from '@/components/choice-selector.tsx';
import { LoadFailed } from '@/components/load-failed.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { SkeletonRows } from '@/components/skeleton-rows.tsx';
import { ROUTES } from '@/config/routes.ts';
import { compareDecimals } from '@/lib/amount-rules.ts';
import { useAssetList } from '@/lib/api/get-asset-list.ts';
import { translateKey } from '@/lib/i18n.ts';
import { switchTab } from '@/lib/navigation.ts';
import { isAnswerLost } from '@/lib/request.ts';
import { showToast } from '@/lib/toast.ts';
import { clearChangedFieldErrors, validateForm } from '@/lib/validate-form.ts';
import { useApplyForCard } from '@/features/card/api/apply-for-card.ts';
import { useCardProducts } from '@/features/card/api/get-card-products.ts';
import { useUnusedCodes } from '@/features/card/api/get-unused-codes.ts';
import { CardApplyReviewSheet, type CardApplyReview } from '@/features/card/components/card-apply-review-sheet.tsx';
import { CardAddressFields, CardHolderFields } from '@/features/card/components/card-holder-fields.tsx';
import { CardPaymentSection, type TPaymentMethod } from '@/features/card/components/card-payment-section.tsx';
import { CardProductOption } from '@/features/card/components/card-product-option.tsx';
import { useCardNames } from '@/features/card/hooks/use-card-names.ts';
import { holderFormSchema } from '@/features/card/utils/holder-form.ts';
import '@/components/record.css';
import '@/features/card/card.css';

/**
 * /pages/card/open (login required; SPEC §1 "Apply for co-branded cards", §9 fees and limits, issue
 * 11 §3) — choose the product (each with its fees and limits) and network, give the holder's details
 * for KYC, pay with an activation code or the application total from USDT available, review, send.
 * The request id is kept while the same application is retried, so it applies and pays once.
 */
export function CardOpenPage() {
  const { t } = useTranslation();
  const names = useCardNames();
  const productsQuery = useCardProducts();
  const codesQuery = useUnusedCodes();
  const assets = useAssetList();
  const applyMutation = useApplyForCard();
  const [holderForm] = Form.useForm();
  const [codeForm] = Form.useForm();
  const [productCode, setProductCode] = useState<TCardProduct | null>(null);
  const [network, setNetwork] = useState<TCardNetwork | null>(null);
  const [chosenMethod, setChosenMethod] = useState<TPaymentMethod | null>(null);
  const [review, setReview] = useState<CardApplyReview | null>(null);
  const [isReviewOpen, setIsReviewOpen] = useState(false);
  const pendingRequest = useRef<PendingRequest | null>(null);

  const products = productsQuery.data?.list;
  // The first product and its first network until the member picks others.
  const product: TCardProductInfo | undefined = products?.find((item) => item.product === productCode) ?? products?.[0];
  const chosenNetwork = network !== null && product?.networks.includes(network) ? network : product?.networks[0];
  const unusedCodes = codesQuery.data?.list;
  // A member holding codes pays with one unless they choose the balance.
  const method: TPaymentMethod =
    chosenMethod ?? ((unusedCodes?.some((code) => code.code !== null) ?? false) ? 'code' : 'balance');
  const asset = product?.asset ?? 'USDT';
  const balance = assets.data?.lst.find((item) => item.asset === asset);
  // Unknown until the balances answer: never a false 0.
  const available = balance?.available ?? (assets.data ? '0' : undefined);
  const isInsufficient =
    method === 'balance' &&
    product !== undefined &&
    available !== undefined &&
    compareDecimals(available, product.applicationTotal) < 0;

  function openReview() {
    if (!product || !chosenNetwork) {
      showToast(translateKey(product ? 'validation.cardNetworkRequired' : 'validation.cardProductRequired'));
      return;
    }
    const holder = validateForm(holderForm, holderFormSchema, holderForm.getFieldsValue() as object);
    const payment: TCardPayment | null =
      method === 'code'
        ? validateForm(codeForm, ZCardPayment, {
            method: 'code',
            code: (codeForm.getFieldValue('code') as string) ?? '',
          })
        : { method: 'balance' };
    if (!holder || !payment) {
      if (!holder) showToast(t('card.open.checkDetails'));
      return;
    }
    if (isInsufficient) {
      showToast(t('card.open.insufficient'));
      return;
    }
    setReview({ product, network: chosenNetwork, holder, payment, available });
    setIsReviewOpen(true);
  }

  async function confirmApplication() {
    if (!review) return;
    const application = {
      product: review.product.product,
      network: review.network,
      holder: review.holder,
      payment: review.payment,
    };
    pendingRequest.current = pickRequestId(pendingRequest.current, JSON.stringify(application));
    try {
      await applyMutation.mutateAsync({ ...application, requestId: pendingRequest.current.id });
    } catch (error) {
      // Toasted by the request client (a used code, too little balance, under age); after a lost
      // answer the review stays open and Confirm sends it again under the same id.
      if (!isAnswerLost(error)) setIsReviewOpen(false);
      return;
    }
    pendingRequest.current = null;
    setIsReviewOpen(false);
    showToast(t('card.open.success'));
    switchTab(ROUTES.cardList);
  }

  if (!products) {
    return (
      <div className="page" data-testid="card-open-page">
        <PageNavBar title={t('card.open.title')} />
        {productsQuery.isError ? (
          <LoadFailed onRetry={() => void productsQuery.refetch()} />
        ) : (
          <SkeletonRows count={3} testId="card-open-loading" />
        )}
      </div>
    );
  }

  return (
    <div className="page" data-testid="card-open-page">
      <PageNavBar title={t('card.open.title')} />
      <h2 className="section-title">{t('card.open.productTitle')}</h2>
      <div className="card-products" role="radiogroup" aria-label={t('card.open.productTitle')}>
        {products.map((item) => (
          <CardProductOption
            key={item.product}
            product={item}
            isSelected={item.product === product?.product}
            onSelect={(next) => setProductCode(next.product)}
          />
        ))}
      </div>
      {product && chosenNetwork && (
        <>
          <h2 className="section-title">{t('card.open.networkTitle')}</h2>
          <div className="card-open__networks">
            <ChoiceSelector<TCardNetwork>
              columns={2}
              value={chosenNetwork}
              onChange={setNetwork}
              choices={product.networks.map((item) => ({
                value: item,
                label: names.network(item),
                testId: `card-open-network-${item}`,
              }))}
            />
          </div>
        </>
      )}
      <AppForm
        form={holderForm}
        mode="card"
        layout="vertical"
        className="card-open__form"
        onValuesChange={(changed: object) => clearChangedFieldErrors(holderForm, changed)}
        data-testid="card-open-form"
      >
        <Form.Header>{t('card.open.holderTitle')}</Form.Header>
        <CardHolderFields />
        <Form.Header>{t('card.open.addressTitle')}</Form.Header>
        <CardAddressFields />
      </AppForm>
      <h2 className="section-title">{t('card.open.paymentTitle')}</h2>
      <CardPaymentSection
        method={method}
        onMethodChange={setChosenMethod}
        codes={unusedCodes}
        codeForm={codeForm}
        product={product}
        available={available}
        isInsufficient={isInsufficient}
      />
      <div className="card-open__submit">
        <Button block color="primary" size="large" onClick={openReview} data-testid="card-open-submit">
          {t('card.open.submit')}
        </Button>
      </div>
      <CardApplyReviewSheet
        isOpen={isReviewOpen}
        review={review}
        onConfirm={confirmApplication}
        onCancel={() => setIsReviewOpen(false)}
      />
    </div>
  );
}
