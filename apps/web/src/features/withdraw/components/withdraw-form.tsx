import { pickRequestId, type PendingRequest } from '@kpc/client';
import { isAnswerLost, RequestError } from '@/lib/request.ts';
import { ErrorCode, RecordKind, VERIFICATION_CODE_LENGTH, type TWithdrawal, type TWithdrawChannel } from '@kpc/shared';
import { Button, Form } from 'antd-mobile';
import { AppForm } from '@/components/app-form.tsx';
import { PasskeyConfirm } from '@/components/passkey-confirm.tsx';
import { TotpCodeField } from '@/components/totp-code-field.tsx';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '@/components/amount-field.tsx';
import { FormInput } from '@/components/form-input.tsx';
import { HISTORY_KIND_PARAM, ROUTES, WITHDRAW_DETAIL_ID_PARAM } from '@/config/routes.ts';
import { useAssetList } from '@/lib/api/get-asset-list.ts';
import { useTwoStepStatus } from '@/lib/api/get-two-step-status.ts';
import { redirectTo } from '@/lib/navigation.ts';
import { getNetworkName } from '@/lib/network-name.ts';
import { showToast } from '@/lib/toast.ts';
import { useAmountInput } from '@/lib/use-amount-input.ts';
import { useSecondStep } from '@/lib/use-second-step.ts';
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

/** The address book's refusals of a destination (Step 11 §2): shown under the address field. */
const ADDRESS_BOOK_REFUSALS: number[] = [ErrorCode.ADDRESS_LOCKED, ErrorCode.ADDRESS_NOT_IN_BOOK];

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
  // Two-step verification on (Step 11 §2): the authenticator's code too. Unknown yet: not asked,
  // and the server says so (TOTP_REQUIRED) if it is on after all.
  // Or a passkey's answer, when the member keeps a passkey (SECOND_STEP_REQUIRED without either).
  const secondStep = useSecondStep(useTwoStepStatus().data);
  const fieldsSchema = ZWithdrawFields.extend({ totpCode: secondStep.totpSchema });

  function handleFinish(values: object) {
    const amountValue = amount.validate();
    const fields = validateForm(form, fieldsSchema, values);
    if (!amountValue || !fields || !isOpen) return;
    if (secondStep.isPasskeyMissing) {
      showToast(t('passkeys.useFirst'));
      return;
    }
    setReview({
      submission: { chainId: channel.chainId, asset: channel.asset, address: fields.address, amount: amountValue },
      network: getNetworkName(channel.chainId, channel.network),
      code: fields.code,
      ...secondStep.proof(fields.totpCode),
      fee: previewWithdrawFee(amountValue, available, channel),
      shownTerms: { feeRate: channel.feeRate, minFee: channel.minFee },
    });
    setIsReviewOpen(true);
  }

  async function confirmWithdrawal() {
    if (!review) return;
    const { submission, code, totpCode, passkey: answer, shownTerms } = review;
    pendingRequest.current = pickRequestId(pendingRequest.current, getWithdrawFingerprint(submission));
    let withdrawal: TWithdrawal;
    try {
      withdrawal = await applyMutation.mutateAsync({
        ...submission,
        ...shownTerms,
        code,
        ...(totpCode ? { totpCode } : {}),
        ...(answer ? { passkey: answer } : {}),
        requestId: pendingRequest.current.id,
      });
    } catch (error) {
      // Toasted by the request client. A refusal (a wrong code, say) goes back to the form to be
      // corrected; after a lost answer the review stays, and Confirm retries under the same id.
      if (!isAnswerLost(error)) {
        setIsReviewOpen(false);
        // A passkey's answer is spent (or refused): the member confirms again.
        secondStep.setPasskey(null);
      }
      // The address book refused the address (still locked, or not saved): said at the address too.
      if (error instanceof RequestError && ADDRESS_BOOK_REFUSALS.includes(error.code)) {
        form.setFields([{ name: 'address', errors: [error.message] }]);
      }
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
      <AddressField form={form} boundWallet={boundWallet} chainId={channel.chainId} />
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
      {secondStep.isTotpAsked && (
        <TotpCodeField name="totpCode" testId="withdraw-totp" description={t('withdraw.totpHint')} />
      )}
      {secondStep.hasPasskeys && (
        <PasskeyConfirm answer={secondStep.passkey} onAnswer={secondStep.setPasskey} testId="withdraw-passkey" />
      )}
    </AppForm>
  );
}
