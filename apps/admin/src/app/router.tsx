import type { ComponentType } from 'react';
import { createHashRouter, redirect, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { PageLoading } from '@/components/page-loading.tsx';
import { ROUTES, SECTIONS } from '@/config/routes.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { queryClient } from '@/lib/query-client.ts';
import { sessionQueryOptions } from '@/lib/session.ts';
import { signInPathFor } from '@/lib/sign-in-path.ts';
import { ConsoleLayout } from './console-layout.tsx';
import { visibleSections } from './menu-items.tsx';
import { RouteError } from './route-error.tsx';
import { SectionGuard } from './section-guard.tsx';

/** The signed-in operator's session, or null (none, ended, or the server refused it). */
async function loadSession() {
  return queryClient.ensureQueryData(sessionQueryOptions()).catch(() => null);
}

function toSignIn(request: Request) {
  const { pathname, search } = new URL(request.url);
  return redirect(signInPathFor(pathname + search));
}

/** Every signed-in screen: a visitor without a session signs in first (and comes back here). */
async function requireSession({ request }: LoaderFunctionArgs) {
  return (await loadSession()) ?? toSignIn(request);
}

/** The root opens the first screen the operator's roles allow. */
async function openFirstSection({ request }: LoaderFunctionArgs) {
  const session = await loadSession();
  if (!session) return toSignIn(request);
  const first = visibleSections(session.operator.permissions)[0];
  return first ? redirect(first.path) : null;
}

/** A screen of the side menu: its code loads on first visit; a role without its permission sees a refusal. */
function section(key: (typeof SECTIONS)[number]['key'], load: () => Promise<{ default: ComponentType }>) {
  const { permission } = SECTIONS.find((entry) => entry.key === key)!;
  return async () => {
    const { default: Page } = await load();
    return {
      Component: () => (
        <SectionGuard permission={permission}>
          <Page />
        </SectionGuard>
      ),
    };
  };
}

const routes: RouteObject[] = [
  {
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteError,
    children: [
      {
        path: ROUTES.signIn,
        lazy: async () => ({ Component: (await import('@/features/auth/pages/sign-in-page.tsx')).default }),
      },
      {
        path: ROUTES.enrol,
        lazy: async () => ({ Component: (await import('@/features/auth/pages/enrol-page.tsx')).default }),
      },
      {
        loader: requireSession,
        Component: ConsoleLayout,
        children: [
          { index: true, loader: openFirstSection, Component: PageLoading },
          // The charts library loads with the dashboard only.
          {
            path: ROUTES.dashboard,
            lazy: section('dashboard', () => import('@/features/dashboard/pages/dashboard-page.tsx')),
          },
          { path: ROUTES.members, lazy: section('members', () => import('@/features/members/pages/members-page.tsx')) },
          { path: ROUTES.member, lazy: section('members', () => import('@/features/members/pages/member-page.tsx')) },
          {
            path: ROUTES.withdrawals,
            lazy: section('withdrawals', () => import('@/features/withdrawals/pages/withdrawals-page.tsx')),
          },
          {
            path: ROUTES.deposits,
            lazy: section('deposits', () => import('@/features/deposits/pages/deposits-page.tsx')),
          },
          { path: ROUTES.cards, lazy: section('cards', () => import('@/features/cards/pages/cards-page.tsx')) },
          { path: ROUTES.card, lazy: section('cards', () => import('@/features/cards/pages/card-page.tsx')) },
          { path: ROUTES.codes, lazy: section('codes', () => import('@/features/codes/pages/codes-page.tsx')) },
          {
            path: ROUTES.applications,
            lazy: section('applications', () => import('@/features/applications/pages/applications-page.tsx')),
          },
          { path: ROUTES.notices, lazy: section('notices', () => import('@/features/notices/pages/notices-page.tsx')) },
          { path: ROUTES.notice, lazy: section('notices', () => import('@/features/notices/pages/notice-page.tsx')) },
          {
            path: ROUTES.adjustments,
            lazy: section('adjustments', () => import('@/features/adjustments/pages/adjustments-page.tsx')),
          },
          { path: ROUTES.proof, lazy: section('proof', () => import('@/features/proof/pages/proof-page.tsx')) },
          { path: ROUTES.config, lazy: section('config', () => import('@/features/config/pages/config-page.tsx')) },
          {
            path: ROUTES.configDomain,
            lazy: section('config', () => import('@/features/config/pages/config-domain-page.tsx')),
          },
          {
            path: ROUTES.operators,
            lazy: section('operators', () => import('@/features/operators/pages/operators-page.tsx')),
          },
          { path: ROUTES.audit, lazy: section('audit', () => import('@/features/audit/pages/audit-page.tsx')) },
        ],
      },
      { path: '*', loader: () => redirect('/') },
    ],
  },
];

/** The console's hash router (`/admin/#/…`): the server serves one page, whatever the route. */
export function createConsoleRouter() {
  const router = createHashRouter(routes);
  bindNavigator((to, options) => router.navigate(to, options));
  return router;
}
