import type { TSavedAddress } from '@kpc/shared';
import { CheckCircle, LockSimple, Trash } from '@phosphor-icons/react';
import { Dialog } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { getNetworkName } from '@/lib/network-name.ts';
import { showToast } from '@/lib/toast.ts';
import { useRemoveAddress } from '@/features/address-book/api/address-book-calls.ts';
import '@/components/record.css';

/** `0x8ba1f1…0F2e`: enough of both ends to tell saved addresses apart at a glance. */
export function shortAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 8)}…${address.slice(-6)}` : address;
}

/**
 * One saved address: its name, network, shortened address, and whether it can receive withdrawals
 * yet ("Locked until <local time>" or "Usable"); Remove asks first. Test ids `saved-address`
 * (`data-usable`), `saved-address-state`, `saved-address-remove`, `saved-address-remove-confirm`.
 */
export function SavedAddressItem({ item }: { item: TSavedAddress }) {
  const { t } = useTranslation();
  const removeMutation = useRemoveAddress();

  async function remove() {
    const isConfirmed = await Dialog.confirm({
      content: t('addressBook.removeConfirm', { label: item.label }),
      confirmText: <span data-testid="saved-address-remove-confirm">{t('addressBook.remove')}</span>,
      cancelText: t('common.cancel'),
    });
    if (!isConfirmed) return;
    try {
      await removeMutation.mutateAsync(item.id);
    } catch {
      return; // toasted by the request client
    }
    showToast(t('addressBook.removed'));
  }

  return (
    <li className="saved-address" data-testid="saved-address" data-id={item.id} data-usable={item.usable}>
      <div className="saved-address__main">
        <p className="saved-address__title">
          <span className="saved-address__label">{item.label}</span>
          <span className="record__tag saved-address__network">{getNetworkName(item.chainId, item.network)}</span>
        </p>
        <p className="saved-address__address" translate="no" title={item.address}>
          {shortAddress(item.address)}
        </p>
        {item.usable ? (
          <p className="saved-address__state saved-address__state--usable" data-testid="saved-address-state">
            <CheckCircle size={14} weight="fill" aria-hidden="true" />
            {t('addressBook.usable')}
          </p>
        ) : (
          <p className="saved-address__state saved-address__state--locked" data-testid="saved-address-state">
            <LockSimple size={14} weight="fill" aria-hidden="true" />
            {t('addressBook.lockedUntil', { time: formatDateTime(item.usableAt) })}
          </p>
        )}
      </div>
      <button
        type="button"
        className="saved-address__remove"
        aria-label={t('addressBook.remove')}
        disabled={removeMutation.isPending}
        onClick={() => void remove()}
        data-testid="saved-address-remove"
      >
        <Trash size={20} aria-hidden="true" />
      </button>
    </li>
  );
}
