import { useTranslation } from 'react-i18next';
import { TermsDocumentView } from '@/features/terms/components/terms-document-view.tsx';
import { userAgreement } from '@/features/terms/content/user-agreement.ts';

/** /pages/term/user — the user agreement (terms of service). */
export function UserAgreementPage() {
  const { t } = useTranslation();
  return <TermsDocumentView document={userAgreement} navTitle={t('terms.user')} />;
}
