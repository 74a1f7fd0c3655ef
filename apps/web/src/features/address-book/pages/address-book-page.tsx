import { AddressBook, LockSimple, Plus } from '@phosphor-icons/react';
import { Button, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/load-failed.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { useAddressBook } from '@/lib/api/get-address-book.ts';
import { useTwoStepStatus } from '@/lib/api/get-two-step-status.ts';
import { AddAddressForm } from '@/features/address-book/components/add-address-form.tsx';
import { AddressBookOnly } from '@/features/address-book/components/address-book-only.tsx';
import { SavedAddressItem } from '@/features/address-book/components/saved-address-item.tsx';
import '@/features/address-book/address-book.css';

/**
 * /pages/asset/withdraw/addresses (login required; Step 11 §2) — the withdrawal address book: named
 * addresses per network, each locked for the configured hours after it is added ("Locked until …"),
 * a form to add one (with a review), Remove, and the "address book only" switch. Test ids
 * `address-book-page`, `address-book-add`, `address-book-list`, `address-book-empty`.
 */
export function AddressBookPage() {
  const { t } = useTranslation();
  const book = useAddressBook();
  const twoStep = useTwoStepStatus().data;
  const [isAdding, setIsAdding] = useState(false);

  let body;
  if (book.data && !book.data.email) {
    body = (
      <section className="address-card" data-testid="address-book-email-required">
        <h2 className="address-card__title">{t('withdraw.emailRequired.title')}</h2>
        <p className="address-card__text">{t('addressBook.emailRequired')}</p>
      </section>
    );
  } else if (book.data) {
    const isFull = book.data.list.length >= book.data.max;
    body = (
      <>
        <section className="address-card" data-testid="address-book-intro">
          <div className="address-card__state">
            <LockSimple size={24} weight="duotone" aria-hidden="true" />
            <p className="address-card__text">{t('addressBook.intro', { hours: book.data.lockHours })}</p>
          </div>
          {!isAdding && (
            <Button
              block
              color="primary"
              size="large"
              className="address-card__action"
              disabled={isFull}
              onClick={() => setIsAdding(true)}
              data-testid="address-book-add"
            >
              <Plus size={18} aria-hidden="true" /> {t('addressBook.add')}
            </Button>
          )}
          {isFull && <p className="address-card__text">{t('addressBook.full', { max: book.data.max })}</p>}
        </section>
        {isAdding && <AddAddressForm book={book.data} twoStep={twoStep} onDone={() => setIsAdding(false)} />}
        <h2 className="address-section__title">
          {t('addressBook.savedTitle')}
          <span className="address-section__count">
            {t('addressBook.count', { count: book.data.list.length, max: book.data.max })}
          </span>
        </h2>
        {book.data.list.length === 0 ? (
          <div className="address-empty" data-testid="address-book-empty">
            <AddressBook size={32} weight="duotone" aria-hidden="true" />
            <p>{t('addressBook.empty')}</p>
          </div>
        ) : (
          <ul className="address-list" data-testid="address-book-list">
            {book.data.list.map((item) => (
              <SavedAddressItem key={item.id} item={item} />
            ))}
          </ul>
        )}
        <AddressBookOnly isOn={book.data.addressBookOnly} email={book.data.email} twoStep={twoStep} />
      </>
    );
  } else if (book.isError) {
    body = <LoadFailed onRetry={() => void book.refetch()} />;
  } else {
    body = (
      <section className="address-card" data-testid="address-book-loading">
        <Skeleton.Title animated />
        <Skeleton.Paragraph animated lineCount={3} />
      </section>
    );
  }

  return (
    <div className="page" data-testid="address-book-page">
      <PageNavBar title={t('addressBook.title')} />
      {body}
    </div>
  );
}
