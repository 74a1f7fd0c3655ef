import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts after each test only when Vitest's globals are on (they are not here):
// without this a test's tree stays mounted, and React work it scheduled can run after the test
// environment is gone ("window is not defined", an unhandled error that fails the whole run).
afterEach(cleanup);

// antd reads these browser APIs, which happy-dom lacks or stubs partly.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// A screen's code loads on first visit (lazy routes), which takes seconds on two busy cores.
configure({ asyncUtilTimeout: 15_000 });
