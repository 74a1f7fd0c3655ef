import { pickRequestId, type PendingRequest } from '@kpc/client';
import { formatNumber, type TAssetBalance } from '@kpc/shared';
import { Popup } from 'antd-mobile';
import { ChoiceSelector } from '@/components/choice-selector.tsx';
import { PageLoading } from '@/components/page-loading.tsx';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AmountField } from '@/components/amount-field.tsx';
import { LoadFailed } from '@/components/load-failed.tsx';
import { SheetActions } from '@/components/sheet-actions.tsx';
import { showToast } from '@/lib/toast.ts';
import { useAmountInput } from '@/lib/use-amount-input.ts';
import { useTransferIncome } from '@/features/assets/api/transfer-income.ts';
import { getAvailableAfter, hasIncome } from '@/features/assets/utils/balances.ts';
import '@/components/asset-selector.css';
import '@/components/sheet.css';

interface TransferSheetProps {
  isOpen: boolean;
  onClose: () => void;
  /** The member's balances; undefined while they load or after they failed to. */
  assets: readonly TAssetBalance[] | undefined;
  /** The balances failed to load: the sheet offers `onRetry` rather than spinning for ever. */
  isError: boolean;
  onRetry: () => void;
}

/** Transfer: moves released income funds into available (SPEC §1, §8 "Transfer Success"). */
export function TransferSheet({ isOpen, onClose, assets, isError, onRetry }: TransferSheetProps) {
  return (
    // destroyOnClose: each opening starts empty with a fresh request id.
    <Popup visible={isOpen} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet" destroyOnClose>
      {assets && assets.length > 0 ? (
        <TransferForm assets={assets} onDone={onClose} />
      ) : isError ? (
        <div className="sheet__content" data-testid="transfer-sheet">
          <LoadFailed onRetry={onRetry} />
        </div>
      ) : (
        <div className="sheet__content" data-testid="transfer-sheet">
          <PageLoading />
        </div>
      )}
    </Popup>
  );
}

function TransferForm({ assets, onDone }: { assets: readonly TAssetBalance[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [assetCode, setAssetCode] = useState(() => (assets.find(hasIncome) ?? assets[0])?.asset ?? '');
  const balance = assets.find((item) => item.asset === assetCode);
  const amount = useAmountInput({ decimals: balance?.decimals ?? 0, max: balance?.income, asset: assetCode });
  const transferMutation = useTransferIncome();
  const pendingRequest = useRef<PendingRequest | null>(null);
  const availableAfter = balance ? getAvailableAfter(balance, amount.validAmount) : '0';

  async function handleSubmit() {
    const value = amount.validate();
    if (!value || !balance) return;
    // The same asset and amount tried again (after a lost answer) reuse the id: it applies once.
    pendingRequest.current = pickRequestId(pendingRequest.current, `${assetCode}:${value}`);
    try {
      await transferMutation.mutateAsync({ asset: assetCode, amount: value, requestId: pendingRequest.current.id });
    } catch {
      return; // Toasted by the request client.
    }
    pendingRequest.current = null;
    showToast(t('transfer.success'));
    onDone();
  }

  return (
    <div className="sheet__content" data-testid="transfer-sheet">
      <h2 className="sheet__title">{t('transfer.title')}</h2>
      <p className="sheet__text">{t('transfer.hint')}</p>
      <div className="sheet__block">
        <span className="sheet__label">{t('transfer.asset')}</span>
        <ChoiceSelector
          columns={4}
          choices={assets.map((item) => ({
            value: item.asset,
            label: item.asset,
            testId: `transfer-asset-${item.asset}`,
          }))}
          value={assetCode}
          onChange={(next) => {
            if (next === assetCode) return;
            setAssetCode(next);
            amount.reset();
          }}
        />
      </div>
      <div className="sheet__block">
        <AmountField
          input={amount}
          label={t('amount.label')}
          asset={assetCode}
          balanceLabel={t('asset.income')}
          balance={balance?.income}
          testId="transfer-amount"
        />
      </div>
      <p className="sheet__summary">
        <span>{t('transfer.availableAfter')}</span>
        <span data-testid="transfer-available-after">
          {formatNumber(availableAfter)} {assetCode}
        </span>
      </p>
      <SheetActions
        submitLabel={t('transfer.submit')}
        isSubmitting={transferMutation.isPending}
        onSubmit={() => void handleSubmit()}
        onCancel={onDone}
        testIdPrefix="transfer"
      />
    </div>
  );
}
