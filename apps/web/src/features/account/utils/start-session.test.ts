// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '@/lib/query-client.ts';
import { useUserStore } from '@/lib/user-store.ts';
import { startSession } from './start-session.ts';

vi.mock('@/lib/toast.ts', () => ({ showToast: vi.fn() }));

beforeEach(() => {
  // The member's info and balances are not what this is about: they fail quietly.
  vi.stubGlobal('fetch', vi.fn<typeof fetch>().mockResolvedValue(new Response(null, { status: 404 })));
});

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  useUserStore.getState().reset();
});

describe('startSession (issue 24 item 11: a new member is greeted as new)', () => {
  it('remembers that the session made the member (a registration, a wallet’s first sign-in)', async () => {
    await startSession({ token: 'new-member', address: '', isNew: true }, 1);
    expect(useUserStore.getState()).toMatchObject({ token: 'new-member', isNewMember: true });
  });

  it('forgets it at the next login: the member is back', async () => {
    await startSession({ token: 'new-member', address: '', isNew: true }, 1);
    useUserStore.getState().reset();
    await startSession({ token: 'next-session', address: '', isNew: false }, 1);
    expect(useUserStore.getState()).toMatchObject({ token: 'next-session', isNewMember: false });
  });
});
