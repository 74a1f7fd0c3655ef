import { CARD_SPEC } from './domains.ts';
import { ProductConfigPage } from './product-config-page.tsx';

/** Step 8b §2: card configuration. */
export default function CardProductConfigPage() {
  return <ProductConfigPage spec={CARD_SPEC} />;
}
