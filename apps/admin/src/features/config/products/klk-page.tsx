import { KLK_SPEC } from './domains.ts';
import { ProductConfigPage } from './product-config-page.tsx';

/** Step 8b §2: klk configuration. */
export default function KlkTierConfigPage() {
  return <ProductConfigPage spec={KLK_SPEC} />;
}
