import { APP_VERSION, LOCALES, LoginType } from '@kpc/shared';
import {
  AddressBook,
  ClockCounterClockwise,
  Crown,
  DeviceMobile,
  EnvelopeSimple,
  FileText,
  Handshake,
  LockKey,
  Megaphone,
  ShieldCheck,
  Scales,
  SealCheck,
  Ticket,
  Translate,
  UserCircle,
  UserPlus,
  UsersThree,
} from '@phosphor-icons/react';
import { Badge, Button, Dialog, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberIdentity } from '@/components/member-identity.tsx';
import { TabPageHeader } from '@/components/tab-page-header.tsx';
import { ROUTES } from '@/config/routes.ts';
import { useNoticeUnread } from '@/lib/api/get-notice-unread.ts';
import { useTwoStepStatus } from '@/lib/api/get-two-step-status.ts';
import { useRefreshUserInfo } from '@/lib/api/get-user-info.ts';
import { useLogout } from '@/lib/api/logout.ts';
import { useLocale } from '@/lib/i18n.ts';
import { navigateTo } from '@/lib/navigation.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { LanguageSheet } from '@/features/mine/components/language-sheet.tsx';
import { WalletRow } from '@/features/mine/components/wallet-row.tsx';
import '@/features/mine/mine.css';

/**
 * /pages/mine/index (login required). SPEC §2 Mine in its order: Ambassador — the row named "Level"
 * with the member's level as its value, which reads as one (issue 24 item 9); it opens the team
 * page — Invite Friends, My Team, then the wallet, change password, Announcement (with
 * the unread count), language and logout; also the member header,
 * the member's activation codes and shareholder application, and the documents (terms), which a visitor finds on Home instead.
 */
export function MinePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const logoutMutation = useLogout();
  const [isLanguageSheetOpen, setIsLanguageSheetOpen] = useState(false);
  // Passwords belong to email accounts; a wallet-only member has neither.
  const hasPassword = useUserStore((state) => state.loginType !== LoginType.WALLET || Boolean(state.userInfo?.email));
  useRefreshUserInfo();
  const unreadNotices = useNoticeUnread().data?.count;
  const level = useUserStore((state) => state.userInfo?.level);
  // On: the authenticator app, or at least one passkey (Step 11 §2).
  const twoStepStatus = useTwoStepStatus().data;
  const twoStepOn = twoStepStatus && (twoStepStatus.totp.enabled || twoStepStatus.passkeys.count > 0);

  function confirmLogout() {
    void Dialog.confirm({
      content: t('mine.logoutConfirm'),
      confirmText: <span data-testid="logout-confirm">{t('common.confirm')}</span>,
      cancelText: <span data-testid="logout-cancel">{t('common.cancel')}</span>,
      // The session ends locally whatever the server answers (the failure is toasted).
      onConfirm: async () => {
        await logoutMutation.mutateAsync().catch(() => undefined);
      },
    });
  }

  return (
    <div className="page page--tab" data-testid="mine-page">
      <TabPageHeader title={t('mine.title')} />
      <section className="profile-card">
        <UserCircle className="profile-card__avatar" size={56} weight="fill" />
        <MemberIdentity testIdPrefix="mine" />
      </section>
      <List mode="card" className="dark-list">
        <List.Item
          prefix={<Crown size={22} />}
          // Nothing until the member's info is known: never a level they may not have.
          extra={level && <span data-testid="mine-ambassador-level">{t(`levels.${level}`)}</span>}
          onClick={() => navigateTo(ROUTES.team)}
          data-testid="mine-ambassador"
        >
          {t('mine.level')}
        </List.Item>
        <List.Item prefix={<UserPlus size={22} />} onClick={() => navigateTo(ROUTES.invite)} data-testid="mine-invite">
          {t('mine.invite')}
        </List.Item>
        <List.Item prefix={<UsersThree size={22} />} onClick={() => navigateTo(ROUTES.team)} data-testid="mine-team">
          {t('mine.team')}
        </List.Item>
        <WalletRow />
        <List.Item
          prefix={<DeviceMobile size={22} />}
          extra={
            // Nothing until it is known: never a false "Off".
            twoStepOn === undefined ? null : (
              <span data-testid="mine-two-step-state">{twoStepOn ? t('twoStep.on') : t('twoStep.off')}</span>
            )
          }
          onClick={() => navigateTo(ROUTES.twoStep)}
          data-testid="mine-two-step"
        >
          {t('twoStep.title')}
        </List.Item>
        <List.Item
          prefix={<AddressBook size={22} />}
          onClick={() => navigateTo(ROUTES.addressBook)}
          data-testid="mine-address-book"
        >
          {t('addressBook.title')}
        </List.Item>
        {hasPassword && (
          <List.Item
            prefix={<LockKey size={22} />}
            onClick={() => navigateTo(ROUTES.changePassword)}
            data-testid="mine-change-password"
          >
            {t('mine.changePassword')}
          </List.Item>
        )}
        <List.Item
          prefix={<EnvelopeSimple size={22} />}
          onClick={() => navigateTo(ROUTES.notifications)}
          data-testid="mine-notifications"
        >
          {t('notifications.title')}
        </List.Item>
        <List.Item
          prefix={<ClockCounterClockwise size={22} />}
          onClick={() => navigateTo(ROUTES.securityActivity)}
          data-testid="mine-security-activity"
        >
          {t('securityActivity.title')}
        </List.Item>
        <List.Item
          prefix={<Megaphone size={22} />}
          extra={
            // Only a known count above zero: never a false 0 while it loads or after a failure.
            unreadNotices ? (
              <Badge
                content={unreadNotices > 99 ? '99+' : unreadNotices}
                aria-label={t('notice.unreadCount', { count: unreadNotices })}
                data-testid="mine-announcement-badge"
              />
            ) : null
          }
          onClick={() => navigateTo(ROUTES.noticeList)}
          data-testid="mine-announcement"
        >
          {t('mine.announcement')}
        </List.Item>
        <List.Item
          prefix={<Translate size={22} />}
          extra={LOCALES.find((option) => option.code === locale)?.label}
          onClick={() => setIsLanguageSheetOpen(true)}
          data-testid="mine-switch-language"
        >
          {t('mine.switchLanguage')}
        </List.Item>
      </List>
      <List header={t('home.services')} mode="card" className="dark-list" data-testid="mine-services">
        <List.Item
          prefix={<Ticket size={22} />}
          onClick={() => navigateTo(ROUTES.activationCodes)}
          data-testid="mine-activation-codes"
        >
          {t('codes.title')}
        </List.Item>
        <List.Item
          prefix={<Handshake size={22} />}
          onClick={() => navigateTo(ROUTES.stockholder)}
          data-testid="mine-stockholder"
        >
          {t('stockholder.entry')}
        </List.Item>
        <List.Item prefix={<SealCheck size={22} />} onClick={() => navigateTo(ROUTES.proof)} data-testid="mine-proof">
          {t('proof.entry')}
        </List.Item>
      </List>
      <List header={t('home.documents')} mode="card" className="dark-list" data-testid="mine-documents">
        <List.Item
          prefix={<FileText size={22} />}
          onClick={() => navigateTo(ROUTES.termsUser)}
          data-testid="mine-terms-user"
        >
          {t('terms.user')}
        </List.Item>
        <List.Item
          prefix={<ShieldCheck size={22} />}
          onClick={() => navigateTo(ROUTES.termsPrivacy)}
          data-testid="mine-terms-privacy"
        >
          {t('terms.privacy')}
        </List.Item>
        <List.Item
          prefix={<Scales size={22} />}
          onClick={() => navigateTo(ROUTES.termsAntiFraud)}
          data-testid="mine-terms-anti-fraud"
        >
          {t('terms.antiFraud')}
        </List.Item>
      </List>
      <div className="page-section">
        <Button block fill="outline" color="danger" size="large" onClick={confirmLogout} data-testid="mine-logout">
          {t('mine.logout')}
        </Button>
      </div>
      <p className="app-version" data-testid="app-version">
        {t('app.title')} · {t('app.version', { version: APP_VERSION })}
      </p>
      <LanguageSheet isOpen={isLanguageSheetOpen} onClose={() => setIsLanguageSheetOpen(false)} />
    </div>
  );
}
