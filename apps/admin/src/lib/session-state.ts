import { useSyncExternalStore } from 'react';

/**
 * What the console knows about its session without asking the server: whether one was seen (so a
 * first visitor is not told a session "expired"), and when the operator last did something (the
 * idle timer counts from the last key, click or scroll, not from background refreshes, which the
 * server would count as use and keep an unattended console signed in forever).
 */
interface SessionState {
  hasSession: boolean;
  lastInteractionAt: number;
}

let state: SessionState = { hasSession: false, lastInteractionAt: Date.now() };
const listeners = new Set<() => void>();

function update(next: Partial<SessionState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export function markSignedIn(): void {
  if (!state.hasSession) update({ hasSession: true, lastInteractionAt: Date.now() });
}

export function markSignedOut(): void {
  if (state.hasSession) update({ hasSession: false });
}

export function hasSession(): boolean {
  return state.hasSession;
}

/** Records the operator's activity (at most once a second: enough for a minute-scale timer). */
export function markInteraction(now = Date.now()): void {
  if (now - state.lastInteractionAt >= 1000) update({ lastInteractionAt: now });
}

export function subscribeSessionState(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSessionState(): SessionState {
  return useSyncExternalStore(subscribeSessionState, () => state);
}
