import { screen, within } from '@testing-library/react';
import { permissionsOf, type TOperatorRole } from '@kpc/shared/operator';
import { afterEach, describe, expect, it } from 'vitest';
import { resetConsole, renderConsole, sessionFor, stubOperatorApi } from '@/testing/console-test.tsx';
import { visibleSections } from './menu-items.tsx';

afterEach(resetConsole);

const sectionsOf = (...roles: TOperatorRole[]) =>
  visibleSections([...permissionsOf(roles)]).map((section) => section.key);

describe('the side menu', () => {
  it('shows each role only the screens its permissions open', () => {
    expect(sectionsOf('admin')).toEqual(['dashboard', 'members', 'proof', 'config', 'operators', 'audit']);
    expect(sectionsOf('finance')).toEqual(['dashboard', 'members', 'withdrawals', 'deposits', 'adjustments', 'proof']);
    expect(sectionsOf('compliance')).toEqual([
      'dashboard',
      'members',
      'withdrawals',
      'deposits',
      'cards',
      'codes',
      'applications',
      'proof',
      'audit',
    ]);
    expect(sectionsOf('support')).toEqual(['dashboard', 'members', 'withdrawals', 'deposits', 'cards', 'applications']);
    expect(sectionsOf('content')).toEqual(['dashboard', 'notices']);
    // Several roles: what any of them opens, still in menu order.
    expect(sectionsOf('support', 'admin')).toEqual([
      'dashboard',
      'members',
      'withdrawals',
      'deposits',
      'cards',
      'applications',
      'proof',
      'config',
      'operators',
      'audit',
    ]);
    expect(visibleSections([])).toEqual([]);
  });

  it('renders a support operator the screens of their role, and a refusal on a screen typed by hand', async () => {
    stubOperatorApi({
      '/auth/me': () => ({ data: sessionFor(['support']) }),
      '/members/search': () => ({ data: { list: [], nextCursor: null } }),
    });
    const { router } = await renderConsole('/members');
    const menu = await screen.findByTestId('console-menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Dashboard', 'Members', 'Withdrawals', 'Deposits', 'Cards', 'Nodes & shareholders']);
    expect(screen.getByTestId('operator-name').textContent).toBe('Ops Person');

    await router.navigate('/operators');
    expect(await screen.findByText('Not for your role', {}, { timeout: 15_000 })).toBeTruthy();
  });
});
