import { type TTotpBeginResponse } from '@kpc/shared';
import { DeviceMobile, ShieldCheck } from '@phosphor-icons/react';
import { Button, Skeleton } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/load-failed.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { useTwoStepStatus } from '@/lib/api/get-two-step-status.ts';
import { formatDateTime } from '@/lib/format-date-time.ts';
import { useBeginTotp } from '@/features/two-step/api/two-step-calls.ts';
import { TotpDisableForm } from '@/features/two-step/components/totp-disable-form.tsx';
import { TotpSetup } from '@/features/two-step/components/totp-setup.tsx';
import { PasskeySection } from '@/features/two-step/components/passkey-section.tsx';
import '@/features/two-step/two-step.css';

/**
 * /pages/security/two-step (login required; Step 11 §2) — two-step verification with an
 * authenticator app: turned on with a QR code and the first code it shows; while on, withdrawals
 * and security changes (the password, turning it off) need its code as well as the emailed one.
 * Passkeys are the other kind of second step, added and removed below it.
 */
export function TwoStepPage() {
  const { t } = useTranslation();
  const status = useTwoStepStatus();
  const beginMutation = useBeginTotp();
  const [begun, setBegun] = useState<TTotpBeginResponse | null>(null);

  let body;
  if (status.data?.totp.enabled) {
    body = (
      <>
        <section className="two-step-card two-step-card--on" data-testid="two-step-on">
          <div className="two-step-state">
            <ShieldCheck size={28} weight="fill" aria-hidden="true" />
            <div>
              <h2 className="two-step-card__title">{t('twoStep.onTitle')}</h2>
              <p className="two-step-card__text" data-testid="two-step-since">
                {t('twoStep.onSince', { time: formatDateTime(status.data.totp.enabledAt ?? '') })}
              </p>
            </div>
          </div>
          <p className="two-step-card__text">{t('twoStep.onText')}</p>
        </section>
        <h2 className="two-step-heading">{t('twoStep.turnOffTitle')}</h2>
        <TotpDisableForm email={status.data.email} />
      </>
    );
  } else if (status.data && begun) {
    body = <TotpSetup begun={begun} />;
  } else if (status.data) {
    body = (
      <section className="two-step-card" data-testid="two-step-off">
        <div className="two-step-state">
          <DeviceMobile size={28} weight="duotone" aria-hidden="true" />
          <div>
            <h2 className="two-step-card__title">{t('twoStep.offTitle')}</h2>
            <p className="two-step-card__text">{t('twoStep.offText')}</p>
          </div>
        </div>
        <Button
          block
          color="primary"
          size="large"
          className="two-step-card__action"
          loading={beginMutation.isPending}
          onClick={() => void beginMutation.mutateAsync().then(setBegun, () => undefined)}
          data-testid="two-step-setup"
        >
          {t('twoStep.setUp')}
        </Button>
      </section>
    );
  } else if (status.isError) {
    body = <LoadFailed onRetry={() => void status.refetch()} />;
  } else {
    body = (
      <section className="two-step-card" data-testid="two-step-loading">
        <Skeleton.Title animated />
        <Skeleton.Paragraph animated lineCount={3} />
      </section>
    );
  }

  return (
    <div className="page" data-testid="two-step-page">
      <PageNavBar title={t('twoStep.title')} />
      {body}
      {status.data && <PasskeySection status={status.data} />}
      {status.data && (
        <p className="two-step-lost" data-testid="two-step-lost">
          {t('twoStep.lostHelp')}
        </p>
      )}
    </div>
  );
}
