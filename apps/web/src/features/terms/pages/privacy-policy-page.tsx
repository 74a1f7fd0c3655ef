import { useTranslation } from 'react-i18next';
import { TermsDocumentView } from '@/features/terms/components/terms-document-view.tsx';
import { privacyPolicy } from '@/features/terms/content/privacy-policy.ts';

/** /pages/term/privacy — the privacy policy. */
export function PrivacyPolicyPage() {
  const { t } = useTranslation();
  return <TermsDocumentView document={privacyPolicy} navTitle={t('terms.privacy')} />;
}
