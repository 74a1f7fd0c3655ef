import type { TConfigDomain } from '@kpc/shared/operator';
import type { ComponentType } from 'react';

/**
 * The configuration pages of the product domains (plans, ESOP, pledges, broker tiers, card
 * products, deposit channels): `config-domain-page.tsx` opens the one of the domain in the route.
 * Each page edits its domain's rows and shows their versions.
 */
export const PRODUCT_DOMAIN_PAGES: Partial<Record<TConfigDomain, () => Promise<{ default: ComponentType }>>> = {};
