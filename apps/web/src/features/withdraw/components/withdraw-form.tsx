import { pickRequestId, type PendingRequest } from '@kpc/client';
import { isAnswerLost } from '@/lib/request.ts';
import { RecordKind, VERIFICATION_CODE_LENGTH, type TWithdrawal, type TWithdrawChannel } from '@kpc/shared';
import { Button, Form } from 'antd-mobile';
import { AppForm } from '@/components/app-form.tsx';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '@/components/amount-field.tsx';
import { FormInput } from '@/components/form-input.tsx';
import { HISTORY_KIND_PARAM, ROUTES, WITHDRAW_DETAIL_ID_PARAM } from '@/config/routes.ts';
import { useAssetList } from '@/lib/api/get-asset-list.ts';
import { redirectTo } from '@/lib/navigation.ts';
import { getNetworkName } from '@/lib/network-name.ts';
import { showToast } from '@/lib/toast.ts';
import { useAmountInput } from '@/lib/use-amount-input.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { clearChangedFieldErrors, validateForm } from '@/lib/validate-form.ts';
import { useApplyWithdrawal } from '@/features/withdraw/api/apply-withdrawal.ts';
import { previewWithdrawFee } from '@/features/withdraw/utils/withdraw-fee.ts';
import {
  getWithdrawAmountLimits,
  getWithdrawFingerprint,
  isChannelOpen,
  ZWithdrawFields,
} from '@/features/withdraw/utils/withdraw-form.ts';
import { AddressField } from './address-field.tsx';
import { WithdrawCodeButton } from './withdraw-code-button.tsx';
import { WithdrawReviewSheet, type WithdrawReview } from './withdraw-review-sheet.tsx';
import { WithdrawSummary } from './withdraw-summary.tsx';

/** The financial records, showing withdrawals only: every withdrawal the member made. */
export const WITHDRAW_RECORDS_URL = `${ROUTES.assetHistory}?${HISTORY_KIND_PARAM}=${RecordKind.WITHDRAW}`;

interface WithdrawFormProps {
  channel: TWithdrawChannel;
  /** The member's email, masked: where the code goes. */
  email: string;
}

/**
 * SPEC §2 Withdraw: address, amount (All = available), the emailed code, then the fee preview.
 * Every rule is checked before anything is sent; then a review sheet shows the withdrawal in full
 * and only its Confirm sends it. A retry of the same withdrawal carries the same request id, so it
 * applies once.
 */
export function WithdrawForm({ channel, email }: WithdrawFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const assets = useAssetList();
  const boundWallet = useUserStore((state) => state.address);
  const balance = assets.data?.lst.find((item) => item.asset === channel.asset);
  const available = balance?.available ?? (assets.data ? '0' : undefined);
  const amount = useAmountInput(getWithdrawAmountLimits(channel, available));
  const applyMutation = useApplyWithdrawal();
  const pendingRequest = useRef<PendingRequest | null>(null);
  const [review, setReview] = useState<WithdrawReview | null>(null);
  const [isReviewOpen, setIsReviewOpen] = useState(false);
  const preview = previewWithdrawFee(amount.validAmount, available, channel);
  const isOpen = isChannelOpen(channel);

  function handleFinish(values: object) {
    const amountValue = amount.validate();
    const fields = validateForm(form, ZWithdrawFields, values);
    if (!amountValue || !fields || !isOpen) return;
    setReview({
      submission: { chainId: channel.chainId, asset: channel.asset, address: fields.address, amount: amountValue },
      network: getNetworkName(channel.chainId, channel.network),
      code: fields.code,
      fee: previewWithdrawFee(amountValue, available, channel),
      shownTerms: { feeRate: channel.feeRate, minFee: channel.minFee },
    });
    setIsReviewOpen(true);
  }

  async function confirmWithdrawal() {
    if (!review) return;
    const { submission, code, shownTerms } = review;
    pendingRequest.current = pickRequestId(pendingRequest.current, getWithdrawFingerprint(submission));
    let withdrawal: TWithdrawal;
    try {
      withdrawal = await applyMutation.mutateAsync({
        ...submission,
        ...shownTerms,
        code,
        requestId: pendingRequest.current.id,
      });
    } catch (error) {
      // Toasted by the request client. A refusal (a wrong code, say) goes back to the form to be
      // corrected; after a lost answer the review stays, and Confirm retries under the same id.
      if (!isAnswerLost(error)) setIsReviewOpen(false);
      return;
    }
    pendingRequest.current = null;
    setIsReviewOpen(false);
    showToast(t('withdraw.success'));
    // Its own page follows it to the end, in place of the spent form.
    redirectTo(`${ROUTES.withdrawDetail}?${WITHDRAW_DETAIL_ID_PARAM}=${encodeURIComponent(withdrawal.id)}`);
  }

  return (
    <AppForm
      form={form}
      className="withdraw-form"
      mode="card"
      layout="vertical"
      onValuesChange={(changed: object) => clearChangedFieldErrors(form, changed)}
      onFinish={handleFinish}
      footer={
        <>
          <WithdrawSummary preview={preview} asset={channel.asset} />
          <Button block type="submit" color="primary" size="large" disabled={!isOpen} data-testid="withdraw-submit">
            {t('withdraw.next')}
          </Button>
          <WithdrawReviewSheet
            isOpen={isReviewOpen}
            review={review}
            onConfirm={confirmWithdrawal}
            onCancel={() => setIsReviewOpen(false)}
          />
        </>
      }
    >
      <AddressField form={form} boundWallet={boundWallet} />
      <Form.Item className="withdraw-form__amount">
        <AmountField
          input={amount}
          label={t('amount.label')}
          asset={channel.asset}
          balanceLabel={t('asset.available')}
          balance={available}
          testId="withdraw-amount"
        />
      </Form.Item>
      <Form.Item
        name="code"
        label={t('withdraw.code')}
        extra={<WithdrawCodeButton testId="withdraw-code-button" />}
        description={<span data-testid="withdraw-code-email">{t('withdraw.codeSentTo', { email })}</span>}
      >
        <FormInput
          testId="withdraw-code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={VERIFICATION_CODE_LENGTH}
          placeholder={t('form.codePlaceholder')}
        />
      </Form.Item>
    </AppForm>
  );
}
