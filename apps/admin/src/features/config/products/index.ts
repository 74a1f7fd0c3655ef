import type { TConfigDomain } from '@kpc/shared/operator';
import type { ComponentType } from 'react';

/**
 * The configuration pages of the product domains (plans, ESOP, pledges, broker tiers, card
 * products, deposit channels): `config-domain-page.tsx` opens the one of the domain in the route.
 * Each page edits its domain's rows and shows their versions.
 */
export const PRODUCT_DOMAIN_PAGES: Partial<Record<TConfigDomain, () => Promise<{ default: ComponentType }>>> = {
  plan: () => import('./plan-page.tsx'),
  esop: () => import('./esop-page.tsx'),
  pledge: () => import('./pledge-page.tsx'),
  klk: () => import('./klk-page.tsx'),
  card: () => import('./card-page.tsx'),
  channels: () => import('./channels-page.tsx'),
};
