import { PLAN_SPEC } from './domains.ts';
import { ProductConfigPage } from './product-config-page.tsx';

/** Step 8b §2: plan configuration. */
export default function PlanConfigPage() {
  return <ProductConfigPage spec={PLAN_SPEC} />;
}
