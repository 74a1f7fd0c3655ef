import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ErrorCode } from '@kpc/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { resetConsole, renderConsole, sessionFor, stubOperatorApi } from '@/testing/console-test.tsx';

afterEach(resetConsole);

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('the console and its wire client', () => {
  it('sends a visitor without a session to sign-in, back to the screen asked for afterwards', async () => {
    const api = stubOperatorApi({
      '/auth/me': () => ({ code: ErrorCode.UNAUTHORIZED, msg: 'Sign in first', status: 401 }),
    });
    await renderConsole('/withdrawals');
    await screen.findByTestId('sign-in-card', {}, { timeout: 15_000 });
    expect(window.location.hash).toBe('#/sign-in?redirect=%2Fwithdrawals');
    expect(api.sent('/withdrawals/list')).toHaveLength(0);
    // Never signed in: nothing "ended".
    expect(document.body.textContent).not.toContain('Your session has ended');
  });

  it('goes to sign-in when the server answers 401 in the middle of a session, and says the session ended', async () => {
    stubOperatorApi({
      '/auth/me': () => ({ data: sessionFor(['admin']) }),
      '/operators/list': () => ({ code: ErrorCode.UNAUTHORIZED, msg: 'Sign in first', status: 401 }),
    });
    await renderConsole('/operators');
    await screen.findByTestId('sign-in-card', {}, { timeout: 15_000 });
    expect(window.location.hash).toBe('#/sign-in?redirect=%2Foperators');
    await waitFor(() => expect(document.body.textContent).toContain('Your session has ended. Please sign in again.'));
  });

  it('asks for the authenticator code when a money action needs a fresh second factor, then sends the action again once', async () => {
    const link = {
      operator: {
        ...sessionFor(['finance']).operator,
        status: 'invited',
        lockedUntil: null,
        lastSignInAt: null,
        createdAt: new Date().toISOString(),
        createdBy: null,
      },
      enrolmentUrl: 'http://localhost/admin/#/enrol?token=abcdefghijklmnopqrstuvwxyz',
      expiresAt: new Date(Date.now() + 3 * 86400_000).toISOString(),
    };
    const api = stubOperatorApi({
      '/auth/me': () => ({ data: sessionFor(['admin']) }),
      '/operators/list': () => ({ data: { list: [] } }),
      '/operators/invite': (_body, call) =>
        call === 1
          ? { code: ErrorCode.OPERATOR_STEP_UP_REQUIRED, msg: 'A fresh second factor is needed', status: 403 }
          : { data: link },
      '/auth/step-up': () => ({ data: { stepUpUntil: new Date(Date.now() + 300_000).toISOString() } }),
    });
    await renderConsole('/operators');
    fireEvent.click(await screen.findByTestId('invite-operator'));
    type('invite-email', 'finance@kpc.local');
    type('invite-name', 'Fin Ance');
    const finance = screen.getByTestId('role-finance');
    fireEvent.click(finance.tagName === 'INPUT' ? finance : finance.querySelector('input')!);
    await act(async () => {
      fireEvent.click(screen.getByTestId('invite-submit'));
    });

    // The refusal opens the prompt instead of an error.
    const code = await screen.findByTestId('step-up-code');
    expect(document.body.textContent).not.toContain('A fresh second factor is needed');
    fireEvent.change(code, { target: { value: '123456' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    });

    expect((await screen.findByTestId('enrolment-link')).textContent).toBe(link.enrolmentUrl);
    expect(api.sent('/auth/step-up')).toEqual([{ code: '123456' }]);
    const invited = { email: 'finance@kpc.local', name: 'Fin Ance', roles: ['finance'] };
    expect(api.sent('/operators/invite')).toEqual([invited, invited]);
  });
});
