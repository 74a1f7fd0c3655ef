import { useEffect, useState } from 'react';

/** The current time in epoch ms, redrawn every `intervalMs` (e.g. for "after 3 minutes" rules). */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
