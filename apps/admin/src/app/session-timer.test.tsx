import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { resetConsole, renderConsole, sessionFor, stubOperatorApi } from '@/testing/console-test.tsx';

afterEach(resetConsole);

describe('the session timer', () => {
  it('warns before the idle timeout, then signs out on the server and opens sign-in saying why', async () => {
    // 17 s idle: the console ends it 15 s early (the server touches a session at most every 15 s), so 2 s from now.
    const api = stubOperatorApi({
      '/auth/me': () => ({ data: { ...sessionFor(['support']), idleSeconds: 17 } }),
      '/members/search': () => ({ data: { list: [], nextCursor: null } }),
      '/auth/logout': () => ({ data: {} }),
    });
    await renderConsole('/members');
    expect(await screen.findByText('Still there?')).toBeTruthy();
    expect(screen.getByTestId('session-timer').textContent).toMatch(/^Session 0:0[0-2]$/);

    await screen.findByTestId('sign-in-card');
    expect(api.sent('/auth/logout')).toHaveLength(1);
    expect(window.location.hash).toBe('#/sign-in?redirect=%2Fmembers&reason=idle');
    expect(screen.getByText('You were signed out after a while without activity.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Still there?')).toBeNull());
  });
});
