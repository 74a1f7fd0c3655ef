import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { ErrorCode } from '@kpc/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { resetConsole, renderConsole, sessionFor, stubOperatorApi } from '@/testing/console-test.tsx';

afterEach(resetConsole);

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123';
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const ENROLMENT = {
  email: 'finance@kpc.local',
  name: 'Fin Ance',
  roles: ['finance'],
  totpSecret: SECRET,
  otpauthUri: `otpauth://totp/KPC%20Console:finance%40kpc.local?secret=${SECRET}&issuer=KPC%20Console`,
  expiresAt: '2026-05-06T10:00:00.000Z',
};
const CODES = Array.from({ length: 10 }, (_, index) => `RCODE-${String(index).padStart(4, '0')}-XYZW`);

const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByTestId('enrol-submit'));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

describe('enrolment from a one-time link', () => {
  it('shows who it is for, the QR code and the secret to type; checks the form with the shared schema', async () => {
    const api = stubOperatorApi({
      '/auth/enrolment': () => ({ data: ENROLMENT }),
      '/auth/enrol': () => ({ code: ErrorCode.OPERATOR_TOTP_INVALID, msg: 'That code is wrong or was already used.' }),
    });
    await renderConsole(`/enrol?token=${TOKEN}`);
    expect((await screen.findByTestId('enrol-email')).textContent).toBe('finance@kpc.local');
    expect(api.sent('/auth/enrolment')).toEqual([{ token: TOKEN }]);
    expect(screen.getByText('Finance')).toBeTruthy();
    expect(screen.getByTestId('totp-secret').textContent?.replace(/\s/g, '')).toBe(SECRET);
    expect(document.querySelector('svg title')?.textContent).toBe('QR code for your authenticator app');

    // The server's rules, in the operator's words, before anything is sent.
    type('enrol-password', 'short');
    type('enrol-confirm-password', 'different');
    type('enrol-code', '12');
    await submit();
    await screen.findByText('The password needs at least 12 characters.');
    expect(screen.getByText('The two passwords do not match.')).toBeTruthy();
    expect(screen.getByText('Enter the 6-digit code from your authenticator.')).toBeTruthy();
    expect(api.sent('/auth/enrol')).toHaveLength(0);

    // A refused code is said on the page, and the form stays.
    type('enrol-password', 'a long enough password');
    type('enrol-confirm-password', 'a long enough password');
    type('enrol-code', '123456');
    await submit();
    expect((await screen.findByTestId('enrol-error')).textContent).toContain('That code is wrong or was already used.');
    expect(api.sent('/auth/enrol')).toEqual([{ token: TOKEN, password: 'a long enough password', code: '123456' }]);
  });

  it('shows the ten recovery codes once and goes on only after the operator says they are stored', async () => {
    const session = sessionFor(['finance'], { email: 'finance@kpc.local', name: 'Fin Ance' });
    const api = stubOperatorApi({
      '/auth/enrolment': () => ({ data: ENROLMENT }),
      '/auth/enrol': () => ({ data: { recoveryCodes: CODES, session } }),
      '/chains/status': () => ({ data: { list: [] } }),
      '/dashboard/daily': () => ({ data: { days: [] } }),
      '/dashboard/balances': () => ({ data: { house: [], chains: [] } }),
      '/dashboard/ledger-check': () => ({
        data: {
          ok: true,
          checkedAt: new Date().toISOString(),
          unbalancedEntries: 0,
          driftedAccounts: 0,
          staleAccounts: 0,
          negativeAccounts: 0,
          examples: [],
        },
      }),
    });
    await renderConsole(`/enrol?token=${TOKEN}`);
    await screen.findByTestId('enrol-email');
    type('enrol-password', 'a long enough password');
    type('enrol-confirm-password', 'a long enough password');
    type('enrol-code', '654321');
    await submit();

    const shown = await screen.findAllByTestId('recovery-code');
    expect(shown.map((code) => code.textContent)).toEqual(CODES);
    const next = screen.getByTestId('enrol-continue');
    expect(next.hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByTestId('codes-stored').querySelector('input') ?? screen.getByTestId('codes-stored'));
    await waitFor(() => expect(next.hasAttribute('disabled')).toBe(false));
    await act(async () => {
      fireEvent.click(next);
    });

    // Signed in by the enrolment itself: the console opens without asking who is there.
    await screen.findByTestId('console-menu');
    await waitFor(() => expect(window.location.hash).toBe('#/dashboard'));
    expect(api.sent('/auth/me')).toHaveLength(0);
    expect(screen.queryAllByTestId('recovery-code')).toHaveLength(0);
  });

  it('says a used or expired link cannot be used', async () => {
    stubOperatorApi({
      '/auth/enrolment': () => ({
        code: ErrorCode.OPERATOR_ENROLMENT_INVALID,
        msg: 'This link was used, replaced or has expired.',
      }),
    });
    await renderConsole(`/enrol?token=${TOKEN}`);
    expect(await screen.findByText('This link cannot be used')).toBeTruthy();
  });
});
