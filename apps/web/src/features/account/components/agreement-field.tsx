import { Checkbox } from 'antd-mobile';
import { Trans } from 'react-i18next';
import { PageLink } from '@/components/page-link.tsx';
import { ROUTES } from '@/config/routes.ts';

interface AgreementFieldProps {
  /** Injected by Form.Item (valuePropName "checked"). */
  checked?: boolean;
  onChange?: (checked: boolean) => void;
}

/**
 * SPEC §5: registration requires agreeing to the terms of service, privacy policy and AML guide.
 * The links sit outside the checkbox's label so opening a document does not toggle it.
 */
export function AgreementField({ checked, onChange }: AgreementFieldProps) {
  return (
    <div className="agreement">
      <Checkbox
        className="agreement__checkbox"
        checked={checked === true}
        onChange={(value) => onChange?.(value)}
        data-testid="register-agreement"
      />
      <span className="agreement__text">
        <Trans
          i18nKey="register.agreement"
          components={{
            terms: <PageLink to={ROUTES.termsUser} testId="register-link-terms" />,
            privacy: <PageLink to={ROUTES.termsPrivacy} testId="register-link-privacy" />,
            aml: <PageLink to={ROUTES.termsAntiFraud} testId="register-link-anti-fraud" />,
          }}
        />
      </span>
    </div>
  );
}
