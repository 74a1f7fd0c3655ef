import { fileURLToPath } from 'node:url';

/**
 * Where journeys save their pictures of the screens: under test-results, or in docs/screenshots
 * with `SCREENSHOTS=docs` (how the README's pictures are made).
 */
export const SCREENSHOT_DIRECTORY = fileURLToPath(
  new URL(
    process.env.SCREENSHOTS === 'docs' ? '../../docs/screenshots/' : '../test-results/screenshots/',
    import.meta.url,
  ),
);
