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
} as const;

/** Where sign-in returns to (`#/sign-in?redirect=/withdrawals`). */
export const REDIRECT_PARAM = 'redirect';

export const memberPath = (memberId: string) => `${ROUTES.members}/${encodeURIComponent(memberId)}`;

/** The screens of the side menu, in order, each with the permission that shows it. */
export const SECTIONS = [
  { key: 'dashboard', path: ROUTES.dashboard, permission: Permission.DASHBOARD_READ },
  { key: 'members', path: ROUTES.members, permission: Permission.MEMBERS_READ },
  { key: 'withdrawals', path: ROUTES.withdrawals, permission: Permission.PAYMENTS_READ },
  { key: 'deposits', path: ROUTES.deposits, permission: Permission.PAYMENTS_READ },
  { key: 'operators', path: ROUTES.operators, permission: Permission.OPERATORS_MANAGE },
  { key: 'audit', path: ROUTES.audit, permission: Permission.AUDIT_READ },
] as const satisfies ReadonlyArray<{ key: string; path: string; permission: TPermission }>;

export type SectionKey = (typeof SECTIONS)[number]['key'];
