import { maskAddress, type TSavedAddress } from '@kpc/shared';
import { AddressBook, CaretRight, LockSimple } from '@phosphor-icons/react';
import { Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROUTES } from '@/config/routes.ts';
import { useAddressBook } from '@/lib/api/get-address-book.ts';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { navigateTo } from '@/lib/navigation.ts';
import './saved-address-picker.css';
import './sheet.css';

/**
 * "Address book" beside a withdrawal's address (Step 11 §2): the member's saved addresses of the
 * network, a usable one filled in with a tap, a locked one shown with the time its lock ends, and a
 * way to the book itself. Test ids `saved-address-pick`, `saved-address-option` (`data-usable`),
 * `saved-address-manage`.
 */
export function SavedAddressPicker({ chainId, onPick }: { chainId: number; onPick: (address: string) => void }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const book = useAddressBook();
  const saved = (book.data?.list ?? []).filter((item) => item.chainId === chainId);

  function pick(item: TSavedAddress) {
    if (!item.usable) return;
    onPick(item.address);
    setIsOpen(false);
  }

  return (
    <>
      <button
        type="button"
        className="text-button text-button--small"
        onClick={() => setIsOpen(true)}
        data-testid="saved-address-pick"
      >
        <AddressBook size={16} aria-hidden="true" />
        {t('addressBook.pick')}
      </button>
      <Popup
        visible={isOpen}
        onMaskClick={() => setIsOpen(false)}
        onClose={() => setIsOpen(false)}
        bodyClassName="sheet"
      >
        <div className="sheet__content saved-address-picker" data-testid="saved-address-sheet">
          <h2 className="sheet__title">{t('addressBook.pickTitle')}</h2>
          {saved.length === 0 && <p className="saved-address-picker__empty">{t('addressBook.pickNone')}</p>}
          <ul className="saved-address-picker__list">
            {saved.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="saved-address-picker__option"
                  disabled={!item.usable}
                  onClick={() => pick(item)}
                  data-testid="saved-address-option"
                  data-usable={item.usable}
                >
                  <span className="saved-address-picker__label">{item.label}</span>
                  <span className="saved-address-picker__address" translate="no">
                    {maskAddress(item.address)}
                  </span>
                  {!item.usable && (
                    <span className="saved-address-picker__locked">
                      <LockSimple size={14} aria-hidden="true" />
                      {t('addressBook.lockedUntil', { time: formatDateTime(item.usableAt) })}
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="saved-address-picker__manage"
            onClick={() => navigateTo(ROUTES.addressBook)}
            data-testid="saved-address-manage"
          >
            {t('addressBook.manage')}
            <CaretRight size={16} aria-hidden="true" />
          </button>
        </div>
      </Popup>
    </>
  );
}
