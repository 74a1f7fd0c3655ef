import { useEffect, useState } from 'react';

/**
 * The resend countdown of a verification-code button (SPEC §4): `start(seconds)` after a send,
 * then whole seconds left until it may send again. A deadline rather than a decrementing counter:
 * throttled timers (background tabs) cannot stretch it.
 */
export function useResendCountdown() {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [hasStarted, setHasStarted] = useState(false);

  useEffect(() => {
    if (endsAt === 0) return;
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= endsAt) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);

  function start(seconds: number) {
    const startedAt = Date.now();
    setHasStarted(true);
    setNow(startedAt);
    setEndsAt(startedAt + seconds * 1000);
  }

  return { secondsLeft: Math.max(0, Math.ceil((endsAt - now) / 1000)), hasStarted, start };
}
