import {
  ConfigDomain,
  ZCardProductRow,
  ZCardProductSaveRequest,
  ZKlkTierRow,
  ZKlkTierSaveRequest,
} from '@kpc/shared/operator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { listCardProducts, saveCardProduct, setCardProductStatus } from '../card/operator-config.ts';
import { listKlkTiers, saveKlkTier, setKlkTierStatus } from '../klk/operator-config.ts';
import { planConfigRoutes } from '../plan/operator-config-routes.ts';
import { productDomainRoutes } from './product-routes.ts';

/** Step 8b §2, the product domains: plans, ESOP, pledges (modules/plan), broker tiers (klk), card products (card). */
export const productConfigRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(planConfigRoutes(db));
    await app.register(
      productDomainRoutes(db, {
        domain: ConfigDomain.KLK,
        title: 'Broker package tiers (level, rank, price, codes)',
        row: ZKlkTierRow,
        saveRequest: ZKlkTierSaveRequest,
        list: listKlkTiers,
        save: saveKlkTier,
        setStatus: setKlkTierStatus,
      }),
    );
    await app.register(
      productDomainRoutes(db, {
        domain: ConfigDomain.CARD,
        title: 'Card products (fees, limits)',
        row: ZCardProductRow,
        saveRequest: ZCardProductSaveRequest,
        list: listCardProducts,
        save: saveCardProduct,
        setStatus: setCardProductStatus,
      }),
    );
  };
