import { PLEDGE_SPEC } from './domains.ts';
import { ProductConfigPage } from './product-config-page.tsx';

/** Step 8b §2: pledge configuration. */
export default function PledgeConfigPage() {
  return <ProductConfigPage spec={PLEDGE_SPEC} />;
}
