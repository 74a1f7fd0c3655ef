import { getPathname, ROUTES } from '@/config/routes.ts';

/**
 * Every page's module, each its own chunk (SPEC §2: every page loads lazily). The router renders
 * them; `preloadPage` starts the first one downloading before the router exists (app/preload.ts).
 */
export const PAGE_MODULES = {
  home: () => import('@/features/home/pages/home-page.tsx'),
  cardList: () => import('@/features/card/pages/card-list-page.tsx'),
  cardOpen: () => import('@/features/card/pages/card-open-page.tsx'),
  cardBind: () => import('@/features/card/pages/card-bind-page.tsx'),
  cardDetail: () => import('@/features/card/pages/card-detail-page.tsx'),
  mine: () => import('@/features/mine/pages/mine-page.tsx'),
  login: () => import('@/features/account/pages/login-page.tsx'),
  register: () => import('@/features/account/pages/register-page.tsx'),
  changePassword: () => import('@/features/account/pages/change-password-page.tsx'),
  asset: () => import('@/features/assets/pages/asset-page.tsx'),
  assetLog: () => import('@/features/assets/pages/asset-log-page.tsx'),
  assetHistory: () => import('@/features/assets/pages/asset-history-page.tsx'),
  recharge: () => import('@/features/recharge/pages/recharge-page.tsx'),
  withdraw: () => import('@/features/withdraw/pages/withdraw-page.tsx'),
  withdrawDetail: () => import('@/features/withdraw/pages/withdrawal-detail-page.tsx'),
  exchange: () => import('@/features/exchange/pages/exchange-page.tsx'),
  exchangeLog: () => import('@/features/exchange/pages/exchange-log-page.tsx'),
  esop: () => import('@/features/esop/pages/esop-page.tsx'),
  esopLog: () => import('@/features/esop/pages/esop-log-page.tsx'),
  esopRule: () => import('@/features/esop/pages/esop-rule-page.tsx'),
  plan: () => import('@/features/plan/pages/plan-page.tsx'),
  planLog: () => import('@/features/plan/pages/plan-log-page.tsx'),
  pledge: () => import('@/features/pledge/pages/pledge-page.tsx'),
  klk: () => import('@/features/klk/pages/klk-page.tsx'),
  activationCodes: () => import('@/features/activation-code/pages/activation-codes-page.tsx'),
  globalNode: () => import('@/features/node/pages/global-node-page.tsx'),
  stockholder: () => import('@/features/stockholder/pages/stockholder-page.tsx'),
  noticeList: () => import('@/features/notice/pages/notice-list-page.tsx'),
  noticeDetail: () => import('@/features/notice/pages/notice-detail-page.tsx'),
  invite: () => import('@/features/invite/pages/invite-page.tsx'),
  team: () => import('@/features/team/pages/team-page.tsx'),
  teamAirdrops: () => import('@/features/team/pages/team-airdrops-page.tsx'),
  securityActivity: () => import('@/features/security-activity/pages/security-activity-page.tsx'),
  proof: () => import('@/features/proof/pages/proof-page.tsx'),
  twoStep: () => import('@/features/two-step/pages/two-step-page.tsx'),
  addressBook: () => import('@/features/address-book/pages/address-book-page.tsx'),
  addressCancel: () => import('@/features/address-book/pages/address-cancel-page.tsx'),
  notifications: () => import('@/features/notifications/pages/notifications-page.tsx'),
  termsUser: () => import('@/features/terms/pages/user-agreement-page.tsx'),
  termsPrivacy: () => import('@/features/terms/pages/privacy-policy-page.tsx'),
  termsAntiFraud: () => import('@/features/terms/pages/anti-fraud-page.tsx'),
} satisfies Partial<Record<keyof typeof ROUTES, () => Promise<unknown>>>;

type PageName = keyof typeof PAGE_MODULES;

/** Starts downloading the page at `url` (a hash route such as `/pages/login/index?x=1`), if it is one. */
export function preloadPage(url: string): void {
  const pathname = getPathname(url);
  const name = (Object.keys(PAGE_MODULES) as PageName[]).find((page) => ROUTES[page] === pathname);
  // A failed download is the router's to report, when it loads the page itself.
  if (name) PAGE_MODULES[name]().catch(() => undefined);
}
