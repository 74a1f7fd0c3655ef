import { createHashRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { PageLoading } from '@/components/page-loading.tsx';
import { LOGIN_REDIRECT_PARAM, ROUTES } from '@/config/routes.ts';
import { getHomeUrl, rememberInviteCode } from '@/lib/invite-code.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { isLoggedIn } from '@/lib/user-store.ts';
import { PAGE_MODULES } from './page-modules.ts';
import { RootLayout } from './root-layout.tsx';
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

const loadHome = async () => ({ Component: (await PAGE_MODULES.home()).HomePage });

const routes: RouteObject[] = [
  {
    Component: RootLayout,
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
            lazy: async () => ({ Component: (await PAGE_MODULES.cardList()).CardListPage }),
          },
          {
            path: ROUTES.mine,
            loader: requireLogin,
            lazy: async () => ({ Component: (await PAGE_MODULES.mine()).MinePage }),
          },
        ],
      },
      {
        path: ROUTES.login,
        lazy: async () => ({ Component: (await PAGE_MODULES.login()).LoginPage }),
      },
      {
        path: ROUTES.register,
        lazy: async () => ({ Component: (await PAGE_MODULES.register()).RegisterPage }),
      },
      {
        path: ROUTES.changePassword,
        lazy: async () => ({
          Component: (await PAGE_MODULES.changePassword()).ChangePasswordPage,
        }),
      },
      {
        path: ROUTES.asset,
        loader: requireLogin,
        lazy: async () => ({ Component: (await PAGE_MODULES.asset()).AssetPage }),
      },
      {
        path: ROUTES.assetLog,
        loader: requireLogin,
        lazy: async () => ({ Component: (await PAGE_MODULES.assetLog()).AssetLogPage }),
      },
      {
        path: ROUTES.assetHistory,
        loader: requireLogin,
        lazy: async () => ({
          Component: (await PAGE_MODULES.assetHistory()).AssetHistoryPage,
        }),
      },
      {
        path: ROUTES.recharge,
        loader: requireLogin,
        lazy: async () => ({ Component: (await PAGE_MODULES.recharge()).RechargePage }),
      },
      {
        path: ROUTES.withdraw,
        loader: requireLogin,
        lazy: async () => ({ Component: (await PAGE_MODULES.withdraw()).WithdrawPage }),
      },
      {
        path: ROUTES.withdrawDetail,
        loader: requireLogin,
        lazy: async () => ({
          Component: (await PAGE_MODULES.withdrawDetail()).WithdrawalDetailPage,
        }),
      },
      {
        path: ROUTES.exchange,
        loader: requireLogin,
        lazy: async () => ({ Component: (await PAGE_MODULES.exchange()).ExchangePage }),
      },
      {
        path: ROUTES.exchangeLog,
        loader: requireLogin,
        lazy: async () => ({
          Component: (await PAGE_MODULES.exchangeLog()).ExchangeLogPage,
        }),
      },
      {
        path: ROUTES.plan,
        loader: requireLogin,
        lazy: async () => ({ Component: (await PAGE_MODULES.plan()).PlanPage }),
      },
      {
        path: ROUTES.planLog,
        loader: requireLogin,
        lazy: async () => ({ Component: (await PAGE_MODULES.planLog()).PlanLogPage }),
      },
      {
        path: ROUTES.pledge,
        loader: requireLogin,
        lazy: async () => ({ Component: (await PAGE_MODULES.pledge()).PledgePage }),
      },
      {
        path: ROUTES.cardOpen,
        loader: requireLogin,
        lazy: async () => ({ Component: (await PAGE_MODULES.cardOpen()).CardOpenPage }),
      },
      {
        path: ROUTES.cardBind,
        loader: requireLogin,
        lazy: async () => ({ Component: (await PAGE_MODULES.cardBind()).CardBindPage }),
      },
      {
        path: ROUTES.cardDetail,
        loader: requireLogin,
        lazy: async () => ({ Component: (await PAGE_MODULES.cardDetail()).CardDetailPage }),
      },
      {
        path: ROUTES.klk,
        loader: requireLogin,
        lazy: async () => ({ Component: (await PAGE_MODULES.klk()).KlkPage }),
      },
      {
        path: ROUTES.activationCodes,
        loader: requireLogin,
        lazy: async () => ({
          Component: (await PAGE_MODULES.activationCodes()).ActivationCodesPage,
        }),
      },
      {
        path: ROUTES.globalNode,
        loader: requireLogin,
        lazy: async () => ({ Component: (await PAGE_MODULES.globalNode()).GlobalNodePage }),
      },
      {
        path: ROUTES.stockholder,
        loader: requireLogin,
        lazy: async () => ({ Component: (await PAGE_MODULES.stockholder()).StockholderPage }),
      },
      {
        path: ROUTES.noticeList,
        loader: requireLogin,
        lazy: async () => ({ Component: (await PAGE_MODULES.noticeList()).NoticeListPage }),
      },
      {
        path: ROUTES.noticeDetail,
        loader: requireLogin,
        lazy: async () => ({ Component: (await PAGE_MODULES.noticeDetail()).NoticeDetailPage }),
      },
      {
        path: ROUTES.invite,
        loader: requireLogin,
        lazy: async () => ({ Component: (await PAGE_MODULES.invite()).InvitePage }),
      },
      {
        path: ROUTES.team,
        loader: requireLogin,
        lazy: async () => ({ Component: (await PAGE_MODULES.team()).TeamPage }),
      },
      {
        path: ROUTES.teamAirdrops,
        loader: requireLogin,
        lazy: async () => ({ Component: (await PAGE_MODULES.teamAirdrops()).TeamAirdropsPage }),
      },
      {
        path: ROUTES.securityActivity,
        loader: requireLogin,
        lazy: async () => ({ Component: (await PAGE_MODULES.securityActivity()).SecurityActivityPage }),
      },
      {
        path: ROUTES.esop,
        loader: requireLogin,
        lazy: async () => ({ Component: (await PAGE_MODULES.esop()).EsopPage }),
      },
      {
        path: ROUTES.esopLog,
        loader: requireLogin,
        lazy: async () => ({ Component: (await PAGE_MODULES.esopLog()).EsopLogPage }),
      },
      // Public (SPEC §2 "Routes without login"): the rules are for visitors too.
      {
        path: ROUTES.esopRule,
        lazy: async () => ({ Component: (await PAGE_MODULES.esopRule()).EsopRulePage }),
      },
      {
        path: ROUTES.twoStep,
        loader: requireLogin,
        lazy: async () => ({ Component: (await PAGE_MODULES.twoStep()).TwoStepPage }),
      },
      {
        path: ROUTES.addressBook,
        loader: requireLogin,
        lazy: async () => ({ Component: (await PAGE_MODULES.addressBook()).AddressBookPage }),
      },
      // Public: the mail's cancel link works without signing in (its token is the authority).
      {
        path: ROUTES.addressCancel,
        lazy: async () => ({ Component: (await PAGE_MODULES.addressCancel()).AddressCancelPage }),
      },
      {
        path: ROUTES.notifications,
        loader: requireLogin,
        lazy: async () => ({ Component: (await PAGE_MODULES.notifications()).NotificationsPage }),
      },
      // Public: anyone may read the published figures; a member also checks their own balance.
      {
        path: ROUTES.proof,
        lazy: async () => ({ Component: (await PAGE_MODULES.proof()).ProofPage }),
      },
      {
        path: ROUTES.termsUser,
        lazy: async () => ({
          Component: (await PAGE_MODULES.termsUser()).UserAgreementPage,
        }),
      },
      {
        path: ROUTES.termsPrivacy,
        lazy: async () => ({
          Component: (await PAGE_MODULES.termsPrivacy()).PrivacyPolicyPage,
        }),
      },
      {
        path: ROUTES.termsAntiFraud,
        lazy: async () => ({ Component: (await PAGE_MODULES.termsAntiFraud()).AntiFraudPage }),
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
