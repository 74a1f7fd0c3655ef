import { EnvelopeSimple } from '@phosphor-icons/react';
import { useTranslation } from 'react-i18next';

/** Shown instead of the form when the account has no email: the withdrawal code could not be sent. */
export function WithdrawEmailRequired() {
  const { t } = useTranslation();
  return (
    <section className="withdraw-notice" role="status" data-testid="withdraw-email-required">
      <EnvelopeSimple className="withdraw-notice__icon" size={56} weight="thin" aria-hidden="true" />
      <h2 className="withdraw-notice__title">{t('withdraw.emailRequired.title')}</h2>
      <p className="withdraw-notice__text">{t('withdraw.emailRequired.text')}</p>
    </section>
  );
}
