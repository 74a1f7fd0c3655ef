/** Routes of SPEC §2 that exist in this step. Paths are the contract: e2e tests and links use them. */
export const ROUTES = {
  root: '/',
  home: '/pages/home/index',
  login: '/pages/login/index',
  register: '/pages/register/index',
  changePassword: '/pages/change/pwd',
  termsUser: '/pages/term/user',
  termsPrivacy: '/pages/term/privacy',
  termsAntiFraud: '/pages/term/anti-fraud',
  cardList: '/pages/card/list',
  cardOpen: '/pages/card/open',
  cardBind: '/pages/card/index',
  // Not in SPEC §2's table: one card's balance, top-up, freeze and transactions (`?id=`).
  cardDetail: '/pages/card/detail',
  mine: '/pages/mine/index',
  asset: '/pages/asset/index',
  assetLog: '/pages/asset/log',
  assetHistory: '/pages/asset/history',
  recharge: '/pages/asset/recharge',
  withdraw: '/pages/asset/withdraw',
  withdrawDetail: '/pages/asset/withdraw/detail',
  exchange: '/pages/exchange/index',
  exchangeLog: '/pages/exchange/log',
  esop: '/pages/plan/kpc',
  esopLog: '/pages/plan/kpc-log',
  esopRule: '/pages/plan/kpc-rule',
  plan: '/pages/plan/index',
  planLog: '/pages/plan/log',
  // Not in SPEC §2's table (issue 10 lets us choose): staking, its own page beside the plans.
  pledge: '/pages/plan/pledge',
  klk: '/pages/klk/index',
  activationCodes: '/pages/card/sdk',
  globalNode: '/pages/node/global',
  stockholder: '/pages/stockholder/index',
  noticeList: '/pages/notice/index',
  noticeDetail: '/pages/notice/detail',
  invite: '/pages/invite/index',
  team: '/pages/team/index',
  // Not in SPEC §2's table (issue 24 item 9): each airdrop received, with its fee.
  teamAirdrops: '/pages/team/airdrops',
  // Not in SPEC §2's table (Step 11 §2): sign-ins, security changes and active sessions.
  securityActivity: '/pages/security/activity',
  // Not in SPEC §2's table (Step 11 §1): the published proof of liabilities, and "Verify my balance".
  proof: '/pages/proof/index',
  // Not in SPEC §2's table (Step 11 §2): two-step verification with an authenticator app.
  twoStep: '/pages/security/two-step',
  // Not in SPEC §2's table (Step 11 §2): the withdrawal address book, and the cancel link its mail carries (public).
  addressBook: '/pages/asset/withdraw/addresses',
  addressCancel: '/pages/asset/withdraw/address-cancel',
  // Not in SPEC §2's table (Step 11 §2): which notification emails the member receives.
  notifications: '/pages/security/notifications',
} as const;

/** Query parameter of the assets page that opens the transfer sheet at once (`?action=transfer`). */
export const ASSET_ACTION_PARAM = 'action';
export const ASSET_ACTION_TRANSFER = 'transfer';

/** Query parameter of the financial records page that opens it on one kind (`?kind=withdraw`). */
export const HISTORY_KIND_PARAM = 'kind';

/**
 * Query parameters of the withdrawal detail page: `?id=` the withdrawal's id (as submitting answers
 * it), or `?record=` the id of its financial record (as the records list shows it).
 */
export const WITHDRAW_DETAIL_ID_PARAM = 'id';
export const WITHDRAW_DETAIL_RECORD_PARAM = 'record';

/** Query parameter of the address cancel page: the token of the mail's link (`?token=`). */
export const ADDRESS_CANCEL_TOKEN_PARAM = 'token';

/** Query parameter of the KPC plan log that shows one ESOP order's releases (`?orderId=12`). */
export const ESOP_LOG_ORDER_PARAM = 'orderId';

/** Query parameter of the recharge page naming the chosen channel (`<chainId>-<method>`). */
export const RECHARGE_CHANNEL_PARAM = 'channel';

/** Query parameter of the card detail page: the card's record id (`?id=`). */
export const CARD_DETAIL_ID_PARAM = 'id';

/** Query parameter of the announcement detail page: the announcement's id (`?id=`). */
export const NOTICE_DETAIL_ID_PARAM = 'id';

/** The detail page of one announcement (the list and Home's latest unread open it). */
export function getNoticeDetailUrl(id: string): string {
  return `${ROUTES.noticeDetail}?${NOTICE_DETAIL_ID_PARAM}=${encodeURIComponent(id)}`;
}

/** Query parameter of the investment plan log that shows one order's releases (`?orderId=`). */
export const PLAN_LOG_ORDER_PARAM = 'orderId';

/** SPEC §2 "Tab bar": home, card, mine (in this order). `/` is an alias of home. */
export const TAB_PATHS: readonly string[] = [ROUTES.home, ROUTES.cardList, ROUTES.mine];

/** Returns the pathname of a URL such as `/pages/home/index?inviteCode=X`, with `/` read as home. */
export function getPathname(url: string): string {
  const pathname = url.split(/[?#]/)[0] || ROUTES.root;
  return pathname === ROUTES.root ? ROUTES.home : pathname;
}

export function isTabPath(url: string): boolean {
  return TAB_PATHS.includes(getPathname(url));
}

/** Query parameter the login guard sets to the page that asked for a login. */
export const LOGIN_REDIRECT_PARAM = 'redirect';
