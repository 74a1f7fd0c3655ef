import { Export, ImageSquare, UserPlus } from '@phosphor-icons/react';
import { Button, Skeleton } from 'antd-mobile';
import { QRCodeCanvas } from 'qrcode.react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '@/components/copy-button.tsx';
import { PageLink } from '@/components/page-link.tsx';
import { PageNavBar } from '@/components/page-nav-bar.tsx';
import { ROUTES } from '@/config/routes.ts';
import { useRefreshUserInfo } from '@/lib/api/get-user-info.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { InvitePosterSheet } from '@/features/invite/components/invite-poster-sheet.tsx';
import { drawInvitePoster } from '@/features/invite/utils/draw-poster.ts';
import { getInviteLink } from '@/features/invite/utils/invite-link.ts';
import '@/features/invite/invite.css';

/** Size of the QR code in CSS pixels: large enough for a phone camera across a table. */
const QR_SIZE = 184;

/** The Web Share API, where the browser has it (most phones; few desktops). */
function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/**
 * /pages/invite/index (login required; SPEC §1 "Invite friends", §2 "invite, with QR code") — the
 * member's invitation code and link (the register page with `inviteCode`), each to copy ("Copied"),
 * a QR code of the link, Share where the browser can, and a poster to save as an image. The code
 * comes from the member's info (persisted, refreshed here). Test ids `invite-page`, `invite-qr`,
 * `invite-code`, `invite-copy-code`, `invite-link`, `invite-copy-link`, `invite-share`,
 * `invite-poster-open`, `invite-team-link`, `invite-loading`, and the poster sheet's.
 */
export function InvitePage() {
  const { t } = useTranslation();
  useRefreshUserInfo();
  const inviteCode = useUserStore((state) => state.userInfo?.inviteCode ?? '');
  const link = inviteCode ? getInviteLink(inviteCode) : '';
  const qrRef = useRef<HTMLCanvasElement>(null);
  // null: closed; undefined: the browser could not draw it.
  const [poster, setPoster] = useState<string | null | undefined>(null);

  function openPoster() {
    const qr = qrRef.current;
    const drawn =
      qr &&
      drawInvitePoster(qr, inviteCode, {
        appName: t('app.title'),
        tagline: t('app.tagline'),
        headline: t('invite.posterHeadline'),
        codeLabel: t('member.inviteCode'),
        scanHint: t('invite.posterScan'),
      });
    setPoster(drawn ?? undefined);
  }

  function share() {
    // Closing the share sheet rejects (AbortError): nothing to say about it.
    navigator
      .share({ title: t('app.title'), text: t('invite.shareText', { code: inviteCode }), url: link })
      .catch(() => undefined);
  }

  return (
    <div className="page" data-testid="invite-page">
      <PageNavBar title={t('invite.title')} />
      <section className="summary-card">
        <UserPlus className="summary-card__icon" size={40} weight="duotone" aria-hidden="true" />
        <div className="summary-card__main">
          <strong className="invite-hero__title">{t('invite.heading')}</strong>
          <span className="summary-card__muted">{t('invite.intro')}</span>
        </div>
      </section>
      <section className="invite-card">
        {inviteCode ? (
          <>
            <div className="invite-card__qr" data-testid="invite-qr" data-value={link}>
              <QRCodeCanvas
                ref={qrRef}
                value={link}
                size={QR_SIZE}
                marginSize={2}
                title={t('invite.qrTitle')}
                role="img"
                aria-label={t('invite.qrTitle')}
              />
            </div>
            <p className="invite-card__hint">{t('invite.qrHint')}</p>
            <div className="invite-field">
              <span className="invite-field__label">{t('member.inviteCode')}</span>
              <div className="invite-field__row">
                <span className="invite-field__code" translate="no" data-testid="invite-code">
                  {inviteCode}
                </span>
                <CopyButton text={inviteCode} testId="invite-copy-code" />
              </div>
            </div>
            <div className="invite-field">
              <span className="invite-field__label">{t('invite.link')}</span>
              <div className="invite-field__row">
                <span className="invite-field__link" translate="no" data-testid="invite-link">
                  {link}
                </span>
                <CopyButton text={link} testId="invite-copy-link" />
              </div>
            </div>
          </>
        ) : (
          <div
            className="invite-card__loading"
            role="status"
            aria-label={t('list.loading')}
            data-testid="invite-loading"
          >
            <Skeleton animated className="invite-card__qr-skeleton" />
            <Skeleton.Paragraph lineCount={3} animated />
          </div>
        )}
      </section>
      <div className="invite-actions">
        {canShare() && (
          <Button block color="primary" size="large" disabled={!inviteCode} onClick={share} data-testid="invite-share">
            <Export size={18} weight="bold" aria-hidden="true" /> {t('invite.share')}
          </Button>
        )}
        <Button
          block
          color="primary"
          fill={canShare() ? 'outline' : 'solid'}
          size="large"
          disabled={!inviteCode}
          onClick={openPoster}
          data-testid="invite-poster-open"
        >
          <ImageSquare size={18} weight="bold" aria-hidden="true" /> {t('invite.poster')}
        </Button>
      </div>
      <div className="page-link-row">
        <PageLink to={ROUTES.team} testId="invite-team-link">
          {t('invite.viewTeam')}
        </PageLink>
      </div>
      <InvitePosterSheet poster={poster} inviteCode={inviteCode} onClose={() => setPoster(null)} />
    </div>
  );
}
