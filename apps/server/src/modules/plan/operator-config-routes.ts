import {
  ConfigDomain,
  ZEsopTermsRow,
  ZEsopTermsSaveRequest,
  ZPlanProductRow,
  ZPlanProductSaveRequest,
  ZPledgeTermsRow,
  ZPledgeTermsSaveRequest,
} from '@kpc/shared/operator';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client.ts';
import { productDomainRoutes } from '../config/product-routes.ts';
import {
  listEsopTerms,
  listPlanProducts,
  listPledgeTerms,
  saveEsopTerms,
  savePlanProduct,
  savePledgeTerms,
  setPlanStatus,
} from './operator-config.ts';

/** `/api/operator/config/{plan,esop,pledge}/*`: the plans' configuration (Step 8b §2). */
export const planConfigRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(
      productDomainRoutes(db, {
        domain: ConfigDomain.PLAN,
        title: 'Investment products and their phase tables',
        row: ZPlanProductRow,
        saveRequest: ZPlanProductSaveRequest,
        list: listPlanProducts,
        save: savePlanProduct,
        setStatus: (d, actor, request) => setPlanStatus(d, actor, ConfigDomain.PLAN, request),
      }),
    );
    await app.register(
      productDomainRoutes(db, {
        domain: ConfigDomain.ESOP,
        title: 'ESOP terms (lock-up, release months = phases, amounts)',
        row: ZEsopTermsRow,
        saveRequest: ZEsopTermsSaveRequest,
        list: listEsopTerms,
        save: saveEsopTerms,
        setStatus: (d, actor, request) => setPlanStatus(d, actor, ConfigDomain.ESOP, request),
      }),
    );
    await app.register(
      productDomainRoutes(db, {
        domain: ConfigDomain.PLEDGE,
        title: 'Pledge terms (days, daily rate, minimum, early penalty)',
        row: ZPledgeTermsRow,
        saveRequest: ZPledgeTermsSaveRequest,
        list: listPledgeTerms,
        save: savePledgeTerms,
        setStatus: (d, actor, request) => setPlanStatus(d, actor, ConfigDomain.PLEDGE, request),
      }),
    );
  };
