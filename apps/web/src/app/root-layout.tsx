import { Outlet, ScrollRestoration } from 'react-router';

/**
 * What every page sits in. The window is the one scroller of all pages, so without this a page
 * opened by a push, a tab switch or a redirect would start at the scroll position of the page
 * before it (issue 24). The router's scroll restoration opens each new page at its top and brings
 * a page reached by back (or forward) to where the member left it, once it has drawn.
 */
export function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
