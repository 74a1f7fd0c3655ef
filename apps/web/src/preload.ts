import { DEFAULT_LOCALE } from '@kpc/shared';
import { preloadPage } from './app/page-modules.ts';
import { MESSAGE_LOADERS, readStoredLocale } from './lib/locale-messages.ts';

/*
 * The first script of index.html: tiny, so it runs as soon as it arrives and starts the first
 * page's code and the member's language (with English, the fallback) downloading alongside the
 * framework (main.tsx), rather than after the framework has arrived and started. main.tsx then
 * finds them loaded or on the way. Failures are left to main.tsx, which loads the same modules.
 */
preloadPage(window.location.hash.slice(1));
for (const code of new Set([readStoredLocale(), DEFAULT_LOCALE])) MESSAGE_LOADERS[code]().catch(() => undefined);
