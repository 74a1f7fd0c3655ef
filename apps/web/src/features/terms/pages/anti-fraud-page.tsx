import { useTranslation } from 'react-i18next';
import { TermsDocumentView } from '@/features/terms/components/terms-document-view.tsx';
import { antiFraudGuide } from '@/features/terms/content/anti-fraud.ts';

/** /pages/term/anti-fraud — the anti-money-laundering and anti-fraud guide. */
export function AntiFraudPage() {
  const { t } = useTranslation();
  return <TermsDocumentView document={antiFraudGuide} navTitle={t('terms.antiFraud')} />;
}
