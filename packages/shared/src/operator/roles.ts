/**
 * Operator roles and what each may do (Step 8a §2). The server checks the permission every console
 * and operator-API call needs; the console hides what the signed-in operator's roles do not grant.
 * An operator may hold several roles. Separation of duties: `admin` runs people and configuration,
 * not money; money is `finance`'s; decisions on people are `compliance`'s.
 */
export const OperatorRole = {
  ADMIN: 'admin',
  FINANCE: 'finance',
  COMPLIANCE: 'compliance',
  SUPPORT: 'support',
  CONTENT: 'content',
} as const;
export type TOperatorRole = (typeof OperatorRole)[keyof typeof OperatorRole];
export const OPERATOR_ROLES: readonly TOperatorRole[] = Object.values(OperatorRole);

export const Permission = {
  /** The dashboard's daily figures, house balances and the ledger check. */
  DASHBOARD_READ: 'dashboard.read',
  /** Operators: invite, change roles, reset a second factor, disable. */
  OPERATORS_MANAGE: 'operators.manage',
  /** The audit log: search and export. */
  AUDIT_READ: 'audit.read',
  /** Members and their records (balances, flow, orders, cards, applications, team, sessions). */
  MEMBERS_READ: 'members.read',
  /** Freeze and unfreeze a member's money (a money action: fresh second factor). */
  MEMBERS_FREEZE: 'members.freeze',
  /** End a member's sessions. */
  MEMBERS_SESSIONS: 'members.sessions',
  /**
   * Step 11 §2: turn off a member's two-step verification (authenticator and passkeys) when they
   * lost it, after checking who they are; a fresh second factor, a reason, audited, the member told.
   */
  MEMBERS_SECURITY: 'members.security',
  /** Withdrawals and deposits, the chains' watchers and senders. */
  PAYMENTS_READ: 'payments.read',
  /** Approve or reject withdrawals, settle an unknown one (money actions). */
  WITHDRAWALS_REVIEW: 'withdrawals.review',
  /** Open and close deposit and withdrawal channels. */
  CHANNELS_MANAGE: 'channels.manage',
  /** KYC, card, global node and shareholder applications: read. */
  APPLICATIONS_READ: 'applications.read',
  /** KYC, card, global node and shareholder decisions. */
  APPLICATIONS_DECIDE: 'applications.decide',
  /** Announcements. */
  NOTICES_MANAGE: 'notices.manage',
  /** Step 8b: cards (issue, import, freeze, a card's page) and activation codes (look up, void). */
  CARDS_MANAGE: 'cards.manage',
  /** Step 8b: configuration members see (products, levels, content of terms). */
  CONFIG_MANAGE: 'config.manage',
  /** Step 8b: money terms (fees, rates, prices, limits) need this besides `config.manage`. */
  CONFIG_MONEY: 'config.money',
  /** Step 8b: propose a ledger adjustment; approve one proposed by someone else. */
  ADJUSTMENTS_PROPOSE: 'adjustments.propose',
  ADJUSTMENTS_APPROVE: 'adjustments.approve',
  /** Step 11: proof-of-liabilities snapshots, their totals against the reserves on chain. */
  PROOF_READ: 'proof.read',
  /** Step 11: take a proof-of-liabilities snapshot now (audited; moves no money, so no second factor). */
  PROOF_SNAPSHOT: 'proof.snapshot',
} as const;
export type TPermission = (typeof Permission)[keyof typeof Permission];
export const PERMISSIONS: readonly TPermission[] = Object.values(Permission);

const P = Permission;

/** What each role grants. */
export const ROLE_PERMISSIONS: Readonly<Record<TOperatorRole, readonly TPermission[]>> = {
  admin: [
    P.DASHBOARD_READ,
    P.OPERATORS_MANAGE,
    P.AUDIT_READ,
    P.MEMBERS_READ,
    P.CONFIG_MANAGE,
    P.PROOF_READ,
    P.PROOF_SNAPSHOT,
  ],
  finance: [
    P.DASHBOARD_READ,
    P.MEMBERS_READ,
    P.PAYMENTS_READ,
    P.WITHDRAWALS_REVIEW,
    P.CHANNELS_MANAGE,
    P.CONFIG_MONEY,
    P.ADJUSTMENTS_PROPOSE,
    P.ADJUSTMENTS_APPROVE,
    P.PROOF_READ,
    P.PROOF_SNAPSHOT,
  ],
  compliance: [
    P.DASHBOARD_READ,
    P.AUDIT_READ,
    P.MEMBERS_READ,
    P.MEMBERS_FREEZE,
    P.MEMBERS_SESSIONS,
    P.MEMBERS_SECURITY,
    P.PAYMENTS_READ,
    P.APPLICATIONS_READ,
    P.APPLICATIONS_DECIDE,
    P.CARDS_MANAGE,
    P.PROOF_READ,
  ],
  support: [P.DASHBOARD_READ, P.MEMBERS_READ, P.MEMBERS_SESSIONS, P.PAYMENTS_READ, P.APPLICATIONS_READ],
  content: [P.DASHBOARD_READ, P.NOTICES_MANAGE],
};

/** The role (of `roles`, in their order) that grants `permission`, or null. */
export function roleGranting(roles: readonly TOperatorRole[], permission: TPermission): TOperatorRole | null {
  return roles.find((role) => ROLE_PERMISSIONS[role]?.includes(permission)) ?? null;
}

/** Every permission `roles` grant together. */
export function permissionsOf(roles: readonly TOperatorRole[]): Set<TPermission> {
  return new Set(roles.flatMap((role) => ROLE_PERMISSIONS[role] ?? []));
}
