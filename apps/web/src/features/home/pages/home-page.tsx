import { useQueryClient } from '@tanstack/react-query';
import { Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { AppLogo } from '@/components/app-logo.tsx';
import { MemberIdentity } from '@/components/member-identity.tsx';
import { RefreshArea } from '@/components/refresh-area.tsx';
import { TabPageHeader } from '@/components/tab-page-header.tsx';
import { ROUTES } from '@/config/routes.ts';
import { ASSET_QUERY_ROOT } from '@/lib/api/get-asset-list.ts';
import { NOTICE_UNREAD_QUERY_ROOT } from '@/lib/api/get-notice-unread.ts';
import { userInfoQueryOptions, useRefreshUserInfo } from '@/lib/api/get-user-info.ts';
import { addInviteCode } from '@/lib/invite-code.ts';
import { navigateTo } from '@/lib/navigation.ts';
import { selectIsLoggedIn, useUserStore } from '@/lib/user-store.ts';
import { HomeTiles } from '@/features/home/components/home-tiles.tsx';
import { HomeKpcBurned } from '@/features/home/components/home-kpc-burned.tsx';
import { HomeNoticeBar } from '@/features/home/components/home-notice-bar.tsx';
import { HomeTotalAssets } from '@/features/home/components/home-total-assets.tsx';
import '@/features/home/home.css';

/**
 * /pages/home/index (alias /). The tiles of SPEC §2 arrive with the steps that make them work
 * (Step 3: assets, transfer, exchange, asset flow); until then home shows only what works.
 * Pulling down refreshes the member's balances and info. The documents (terms) are for visitors
 * here; a member finds them on Mine, so Home's prime space is theirs.
 */
export function HomePage() {
  const { t } = useTranslation();
  const isLoggedIn = useUserStore(selectIsLoggedIn);
  const token = useUserStore((state) => state.token);
  const address = useUserStore((state) => state.address);
  // A member who has just registered is new here, not back (issue 24).
  const isNewMember = useUserStore((state) => state.isNewMember);
  const queryClient = useQueryClient();
  useRefreshUserInfo();

  function refresh(): Promise<unknown> {
    if (!isLoggedIn) return Promise.resolve();
    // Failures are toasted by the request client; the figures already shown stay.
    return Promise.all([
      queryClient.refetchQueries({ queryKey: ASSET_QUERY_ROOT, type: 'active' }),
      queryClient.refetchQueries({ queryKey: userInfoQueryOptions(token, address).queryKey, type: 'active' }),
      queryClient.refetchQueries({ queryKey: NOTICE_UNREAD_QUERY_ROOT, type: 'active' }),
    ]);
  }

  return (
    <div className="page page--tab" data-testid="home-page">
      <TabPageHeader
        title={
          <span className="brand">
            <AppLogo />
            {t('app.title')}
          </span>
        }
      />
      <RefreshArea onRefresh={refresh}>
        <section className="hero-card">
          <p className="hero-card__eyebrow">{t('app.tagline')}</p>
          {isLoggedIn ? (
            <>
              <h2 className="hero-card__title" data-testid="home-greeting">
                {t(isNewMember ? 'home.welcome' : 'home.welcomeBack')}
              </h2>
              <MemberIdentity testIdPrefix="home" />
              <HomeTotalAssets />
            </>
          ) : (
            <>
              <h2 className="hero-card__title">{t('home.welcome')}</h2>
              <p className="hero-card__text">{t('home.intro')}</p>
              <div className="hero-card__actions">
                <Button
                  color="primary"
                  shape="rounded"
                  onClick={() => {
                    navigateTo(ROUTES.login);
                  }}
                  data-testid="home-login"
                >
                  {t('home.login')}
                </Button>
                <Button
                  fill="outline"
                  shape="rounded"
                  className="button-on-hero"
                  onClick={() => {
                    navigateTo(addInviteCode(ROUTES.register));
                  }}
                  data-testid="home-register"
                >
                  {t('home.register')}
                </Button>
              </div>
            </>
          )}
        </section>
        {isLoggedIn && <HomeNoticeBar />}
        <h2 className="section-title">{t('home.services')}</h2>
        <HomeTiles />
        <HomeKpcBurned />
        {!isLoggedIn && (
          <List header={t('home.documents')} mode="card" className="dark-list" data-testid="home-documents">
            <List.Item onClick={() => navigateTo(ROUTES.termsUser)} data-testid="home-terms-user">
              {t('terms.user')}
            </List.Item>
            <List.Item onClick={() => navigateTo(ROUTES.termsPrivacy)} data-testid="home-terms-privacy">
              {t('terms.privacy')}
            </List.Item>
            <List.Item onClick={() => navigateTo(ROUTES.termsAntiFraud)} data-testid="home-terms-anti-fraud">
              {t('terms.antiFraud')}
            </List.Item>
            <List.Item onClick={() => navigateTo(ROUTES.proof)} data-testid="home-proof">
              {t('proof.title')}
            </List.Item>
          </List>
        )}
      </RefreshArea>
    </div>
  );
}
