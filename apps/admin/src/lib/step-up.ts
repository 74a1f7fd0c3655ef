import { useSyncExternalStore } from 'react';

/**
 * The step-up prompt (Step 8a §2: money actions need a second factor given within the last few
 * minutes). A call refused with OPERATOR_STEP_UP_REQUIRED asks here; `StepUpDialog` shows the
 * prompt and answers whether a fresh code was given. Calls refused together share one prompt.
 */
interface Prompt {
  promise: Promise<boolean>;
  resolve: (given: boolean) => void;
}

let prompt: Prompt | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Opens the prompt (or joins the open one); resolves true once a code was accepted, false when cancelled. */
export function askForStepUp(): Promise<boolean> {
  if (!prompt) {
    let resolve: (given: boolean) => void = () => undefined;
    const promise = new Promise<boolean>((done) => {
      resolve = done;
    });
    prompt = { promise, resolve };
    emit();
  }
  return prompt.promise;
}

/** Closes the prompt with its answer. */
export function settleStepUp(given: boolean): void {
  const current = prompt;
  prompt = null;
  current?.resolve(given);
  emit();
}

/** Whether the prompt is open. */
export function useStepUpPrompt(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => prompt !== null,
  );
}
