import { Permission, type TPermission } from '@kpc/shared/operator';

/** The console's hash routes (`/admin/#/withdrawals`). */
export const ROUTES = {
  signIn: '/sign-in',
  enrol: '/enrol',
  dashboard: '/dashboard',
  members: '/members',
  member: '/members/:memberId',
  withdrawals: '/withdrawals',
  deposits: '/deposits',
  operators: '/operators',
  audit: '/audit',
  // Step 8b
  cards: '/cards',
  card: '/cards/:cardId',
  codes: '/codes',
  applications: '/applications',
  notices: '/notices',
  notice: '/notices/:noticeId',
  config: '/config',
  configDomain: '/config/:domain',
  adjustments: '/adjustments',
  // Step 11
  proof: '/proof',
} as const;

/** Where sign-in returns to (`#/sign-in?redirect=/withdrawals`). */
export const REDIRECT_PARAM = 'redirect';

export const memberPath = (memberId: string) => `${ROUTES.members}/${encodeURIComponent(memberId)}`;
export const cardPath = (cardId: string) => `${ROUTES.cards}/${encodeURIComponent(cardId)}`;
export const noticePath = (noticeId: string) => `${ROUTES.notices}/${encodeURIComponent(noticeId)}`;
export const configPath = (domain: string) => `${ROUTES.config}/${encodeURIComponent(domain)}`;

/** The screens of the side menu, in order, each with the permission that shows it. */
export const SECTIONS = [
  { key: 'dashboard', path: ROUTES.dashboard, permission: Permission.DASHBOARD_READ },
  { key: 'members', path: ROUTES.members, permission: Permission.MEMBERS_READ },
  { key: 'withdrawals', path: ROUTES.withdrawals, permission: Permission.PAYMENTS_READ },
  { key: 'deposits', path: ROUTES.deposits, permission: Permission.PAYMENTS_READ },
  { key: 'cards', path: ROUTES.cards, permission: Permission.APPLICATIONS_READ },
  { key: 'codes', path: ROUTES.codes, permission: Permission.CARDS_MANAGE },
  { key: 'applications', path: ROUTES.applications, permission: Permission.APPLICATIONS_READ },
  { key: 'notices', path: ROUTES.notices, permission: Permission.NOTICES_MANAGE },
  { key: 'adjustments', path: ROUTES.adjustments, permission: Permission.ADJUSTMENTS_PROPOSE },
  { key: 'proof', path: ROUTES.proof, permission: Permission.PROOF_READ },
  { key: 'config', path: ROUTES.config, permission: Permission.CONFIG_MANAGE },
  { key: 'operators', path: ROUTES.operators, permission: Permission.OPERATORS_MANAGE },
  { key: 'audit', path: ROUTES.audit, permission: Permission.AUDIT_READ },
] as const satisfies ReadonlyArray<{ key: string; path: string; permission: TPermission }>;

export type SectionKey = (typeof SECTIONS)[number]['key'];
