/**
 * Runs `pass` again `pollSeconds` after each one ends, until `stop()`; a failed pass is logged and
 * the next one retries. `stop()` waits for a pass in progress, so shutdown never cuts one short.
 */
export function createPoller(
  pass: () => Promise<unknown>,
  onError: (error: unknown) => void,
): { start(pollSeconds: number): void; stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  return {
    start(pollSeconds) {
      const tick = () => {
        running = pass()
          .catch(onError)
          .finally(() => {
            if (timer !== undefined) timer = setTimeout(tick, pollSeconds * 1000);
          });
      };
      timer = setTimeout(tick, 0);
    },
    async stop() {
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
