// @vitest-environment happy-dom
import type { TTwoStepStatus } from '@kpc/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLocale } from '@/lib/i18n.ts';
import { bindNavigator } from '@/lib/navigation.ts';
import { setupAntdMobile } from '@/lib/setup-antd-mobile.ts';
import { showToast } from '@/lib/toast.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { jsonResponse } from '@/testing/json-response.ts';
import { ok, pathOf, press, sentBodies } from '@/testing/api-stub.ts';
import type * as PasskeyModule from '@/lib/passkey.ts';
import { TwoStepPage } from './two-step-page.tsx';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

/** The browser's side of passkeys (WebAuthn prompts), answered here. */
const browser = vi.hoisted(() => ({
  supported: true,
  attestation: { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} },
  assertion: { id: 'cred', rawId: 'cred', type: 'public-key', response: {}, clientExtensionResults: {} },
}));
vi.mock('@/lib/passkey.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof PasskeyModule>()),
  isPasskeySupported: () => browser.supported,
  createPasskey: () => Promise.resolve(browser.attestation),
  answerWithPasskey: () => Promise.resolve(browser.assertion),
}));
const PASSKEY = { id: '0b7c3f7e-8f0a-4c43-9a57-3a0c3f1e2d4b', name: 'Chrome · Android', lastUsedAt: null };
let passkeys: { id: string; name: string; createdAt: string; lastUsedAt: string | null }[];

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const fetchMock = vi.fn<typeof fetch>();
let status: TTwoStepStatus;
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <TwoStepPage />
    </QueryClientProvider>,
  );
}

// The confirm is antd-mobile's imperative Dialog: it renders only with the app's React 19 renderer.
beforeAll(() => setupAntdMobile());

beforeEach(async () => {
  await changeLocale('en');
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  vi.mocked(showToast).mockClear();
  bindNavigator({
    navigate: vi.fn(),
    goBack: vi.fn(),
    canGoBack: () => true,
    getCurrentUrl: () => '/pages/security/two-step',
  });
  useUserStore.setState({ token: 'member-token', address: '' });
  status = { totp: { enabled: false, enabledAt: null }, passkeys: { count: 0 }, email: 'm***@example.com' };
  passkeys = [];
  browser.supported = true;
  fetchMock.mockImplementation((input) => {
    const path = pathOf(input);
    if (path === '/2fa/status') return Promise.resolve(jsonResponse(ok(status)));
    if (path === '/2fa/totp/begin')
      return Promise.resolve(jsonResponse(ok({ secret: SECRET, uri: `otpauth://totp/KPC:m?secret=${SECRET}` })));
    if (path === '/2fa/totp/enable' || path === '/2fa/totp/disable') {
      status = {
        ...status,
        totp: path.endsWith('enable')
          ? { enabled: true, enabledAt: '2026-11-28T02:00:00.000Z' }
          : { enabled: false, enabledAt: null },
      };
      return Promise.resolve(jsonResponse(ok(status)));
    }
    if (path === '/2fa/sendCode') return Promise.resolve(jsonResponse(ok({ cooldownSeconds: 60 })));
    if (path === '/2fa/passkey/list') return Promise.resolve(jsonResponse(ok({ list: passkeys })));
    if (path === '/2fa/passkey/registerOptions') {
      return Promise.resolve(
        jsonResponse(ok({ challenge: 'abc', rp: { name: 'KPC' }, user: {}, pubKeyCredParams: [] })),
      );
    }
    if (path === '/2fa/passkey/register') {
      passkeys = [{ ...PASSKEY, createdAt: '2026-11-28T02:00:00.000Z' }];
      status = { ...status, passkeys: { count: 1 } };
      return Promise.resolve(jsonResponse(ok(passkeys[0])));
    }
    if (path === '/2fa/passkey/remove') {
      passkeys = [];
      status = { ...status, passkeys: { count: 0 } };
      return Promise.resolve(jsonResponse(ok({ list: [] })));
    }
    return Promise.resolve(new Response(null, { status: 404 }));
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  bindNavigator(null);
  useUserStore.getState().reset();
});

describe('TwoStepPage (Step 11 §2)', () => {
  it('sets up the authenticator with its QR code and key, and turns on with its first code', async () => {
    renderPage();
    expect(screen.getByTestId('two-step-loading')).toBeTruthy();
    await press(await screen.findByTestId('two-step-setup'));
    expect(await screen.findByTestId('two-step-qr')).toBeTruthy();
    expect(screen.getByTestId('two-step-secret').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    // A code that is not 6 digits is refused before anything is sent.
    type('two-step-code', '12a');
    await press('two-step-enable');
    expect(await screen.findByText('The authenticator code has 6 digits.')).toBeTruthy();
    expect(sentBodies(fetchMock, '/2fa/totp/enable')).toHaveLength(0);
    type('two-step-code', '123456');
    await press('two-step-enable');
    expect(sentBodies(fetchMock, '/2fa/totp/enable')).toEqual([{ code: '123456' }]);
    expect(await screen.findByTestId('two-step-on')).toBeTruthy();
    expect(showToast).toHaveBeenCalledWith('Two-step verification is on');
  });

  it('turns off only with both codes, after a confirmation', async () => {
    status = { ...status, totp: { enabled: true, enabledAt: '2026-11-20T08:00:00.000Z' } };
    renderPage();
    await screen.findByTestId('two-step-on');
    type('two-step-off-code', '654321');
    await press('two-step-disable');
    expect(await screen.findByText('Enter verification code')).toBeTruthy();
    expect(sentBodies(fetchMock, '/2fa/totp/disable')).toHaveLength(0);
    await press('two-step-off-send');
    expect(sentBodies(fetchMock, '/2fa/sendCode')).toHaveLength(1);
    type('two-step-off-email-code', '111222');
    await press('two-step-disable');
    await press(await screen.findByTestId('two-step-disable-confirm'));
    await waitFor(() =>
      expect(sentBodies(fetchMock, '/2fa/totp/disable')).toEqual([{ code: '654321', emailCode: '111222' }]),
    );
    expect(await screen.findByTestId('two-step-off')).toBeTruthy();
  });

  it('adds a passkey only with the emailed code, then lists it', async () => {
    renderPage();
    expect(await screen.findByTestId('passkeys-none')).toBeTruthy();
    await press('passkey-add-start');
    await press(await screen.findByTestId('passkey-add-submit'));
    expect(await screen.findByText('Enter verification code')).toBeTruthy();
    expect(sentBodies(fetchMock, '/2fa/passkey/registerOptions')).toHaveLength(0);
    type('passkey-add-email-code', '111222');
    await press('passkey-add-submit');
    await waitFor(() => expect(sentBodies(fetchMock, '/2fa/passkey/register')).toHaveLength(1));
    expect(sentBodies(fetchMock, '/2fa/passkey/registerOptions')).toEqual([{ emailCode: '111222' }]);
    expect(sentBodies(fetchMock, '/2fa/passkey/register')).toEqual([{ response: browser.attestation }]);
    expect(showToast).toHaveBeenCalledWith('Passkey added');
    const item = await screen.findByTestId('passkey-item');
    expect(item.textContent).toContain('Chrome · Android');
    expect(item.textContent).toContain('Not used yet');
  });

  it("removes one with the emailed code and a passkey's answer, after a confirmation", async () => {
    passkeys = [{ ...PASSKEY, createdAt: '2026-11-28T02:00:00.000Z' }];
    status = { ...status, passkeys: { count: 1 } };
    renderPage();
    await press(await screen.findByTestId('passkey-remove'));
    type('passkey-remove-email-code', '111222');
    await press('passkey-remove-submit');
    // Two-step verification is on through the passkey: it must answer first.
    expect(showToast).toHaveBeenCalledWith('Two-step verification is on: tap Use passkey to confirm.');
    await press('passkey-remove-passkey');
    expect(await screen.findByTestId('passkey-remove-passkey-done')).toBeTruthy();
    await press('passkey-remove-submit');
    await press(await screen.findByTestId('passkey-remove-confirm'));
    await waitFor(() =>
      expect(sentBodies(fetchMock, '/2fa/passkey/remove')).toEqual([
        { id: PASSKEY.id, emailCode: '111222', passkey: browser.assertion },
      ]),
    );
    expect(await screen.findByTestId('passkeys-none')).toBeTruthy();
  });

  it('says when the browser has no passkeys, and offers none to add', async () => {
    browser.supported = false;
    renderPage();
    expect((await screen.findByTestId('passkeys-unsupported')).textContent).toContain('does not support passkeys');
    expect(screen.queryByTestId('passkey-add-start')).toBeNull();
  });
});
