import { ESOP_SPEC } from './domains.ts';
import { ProductConfigPage } from './product-config-page.tsx';

/** Step 8b §2: esop configuration. */
export default function EsopConfigPage() {
  return <ProductConfigPage spec={ESOP_SPEC} />;
}
