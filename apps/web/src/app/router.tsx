import { createHashRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { PageLoading } from '@/components/page-loading.tsx';
import { LOGIN_REDIRECT_PARAM, ROUTES } from '@/config/routes.ts';
import { getHomeUrl, rememberInviteCode } from '@/lib/invite-code.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { isLoggedIn } from '@/lib/user-store.ts';
import { RouteError } from './route-error.tsx';
import { TabLayout } from './tab-layout.tsx';

/**
 * SPEC §2: login-required pages send a logged-out visitor to login, which slides up from the bottom
 * (300 ms) because it carries the `redirect` parameter; after login the member lands on that page.
 */
function requireLogin({ request }: LoaderFunctionArgs) {
  if (isLoggedIn()) return null;
  const { pathname, search } = new URL(request.url);
  return redirect(`${ROUTES.login}?${LOGIN_REDIRECT_PARAM}=${encodeURIComponent(pathname + search)}`);
}

// SPEC §2: every page loads lazily.
const loadHome = async () => ({ Component: (await import('@/features/home/pages/home-page.tsx')).HomePage });

const routes: RouteObject[] = [
  {
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      {
        Component: TabLayout,
        children: [
          { index: true, lazy: loadHome },
          { path: ROUTES.home, lazy: loadHome },
          {
            path: ROUTES.cardList,
            loader: requireLogin,
            lazy: async () => ({ Component: (await import('@/features/card/pages/card-list-page.tsx')).CardListPage }),
          },
          {
            path: ROUTES.mine,
            loader: requireLogin,
            lazy: async () => ({ Component: (await import('@/features/mine/pages/mine-page.tsx')).MinePage }),
          },
        ],
      },
      {
        path: ROUTES.login,
        lazy: async () => ({ Component: (await import('@/features/account/pages/login-page.tsx')).LoginPage }),
      },
      {
        path: ROUTES.register,
        lazy: async () => ({ Component: (await import('@/features/account/pages/register-page.tsx')).RegisterPage }),
      },
      {
        path: ROUTES.changePassword,
        lazy: async () => ({
          Component: (await import('@/features/account/pages/change-password-page.tsx')).ChangePasswordPage,
        }),
      },
      {
        path: ROUTES.asset,
        loader: requireLogin,
        lazy: async () => ({ Component: (await import('@/features/assets/pages/asset-page.tsx')).AssetPage }),
      },
      {
        path: ROUTES.assetLog,
        loader: requireLogin,
        lazy: async () => ({ Component: (await import('@/features/assets/pages/asset-log-page.tsx')).AssetLogPage }),
      },
      {
        path: ROUTES.assetHistory,
        loader: requireLogin,
        lazy: async () => ({
          Component: (await import('@/features/assets/pages/asset-history-page.tsx')).AssetHistoryPage,
        }),
      },
      {
        path: ROUTES.recharge,
        loader: requireLogin,
        lazy: async () => ({ Component: (await import('@/features/recharge/pages/recharge-page.tsx')).RechargePage }),
      },
      {
        path: ROUTES.withdraw,
        loader: requireLogin,
        lazy: async () => ({ Component: (await import('@/features/withdraw/pages/withdraw-page.tsx')).WithdrawPage }),
      },
      {
        path: ROUTES.exchange,
        loader: requireLogin,
        lazy: async () => ({ Component: (await import('@/features/exchange/pages/exchange-page.tsx')).ExchangePage }),
      },
      {
        path: ROUTES.exchangeLog,
        loader: requireLogin,
        lazy: async () => ({
          Component: (await import('@/features/exchange/pages/exchange-log-page.tsx')).ExchangeLogPage,
        }),
      },
      {
        path: ROUTES.termsUser,
        lazy: async () => ({
          Component: (await import('@/features/terms/pages/user-agreement-page.tsx')).UserAgreementPage,
        }),
      },
      {
        path: ROUTES.termsPrivacy,
        lazy: async () => ({
          Component: (await import('@/features/terms/pages/privacy-policy-page.tsx')).PrivacyPolicyPage,
        }),
      },
      {
        path: ROUTES.termsAntiFraud,
        lazy: async () => ({ Component: (await import('@/features/terms/pages/anti-fraud-page.tsx')).AntiFraudPage }),
      },
      // Unknown routes go home, keeping the invite code.
      { path: '*', loader: () => redirect(getHomeUrl()) },
    ],
  },
];

/** Creates the hash router (SPEC §2: hash mode, base /) and connects the navigation rules to it. */
export function createAppRouter() {
  // An invitation link may carry the code before the hash (`/?inviteCode=X#/`) or inside it.
  rememberInviteCode(window.location.search);
  const router = createHashRouter(routes);
  rememberInviteCode(router.state.location.search);
  router.subscribe((state) => rememberInviteCode(state.location.search));

  bindNavigator({
    navigate: (to, options) => void router.navigate(to, options),
    goBack: () => void router.navigate(-1),
    // The router numbers history entries; 0 is the page the app was opened on.
    canGoBack: () => ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0,
    getCurrentUrl: () => router.state.location.pathname + router.state.location.search,
  });
  return router;
}
