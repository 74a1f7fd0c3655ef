import { configure } from '@testing-library/react';

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
