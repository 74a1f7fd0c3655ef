import pg from 'pg';

export interface WaitProfile {
  /** Samples taken. */
  samples: number;
  /**
   * Average number of the database's backends in each `state / wait event` while sampling, e.g.
   * `idle in transaction / Client:ClientRead` (waiting for the application mid-transaction) or
   * `active / LWLock:WALWrite` (waiting for the commit record to reach the disk), largest first.
   */
  backends: Record<string, number>;
}

/**
 * Samples `pg_stat_activity` of the database at `url` every `intervalMs` (from one extra
 * connection, which it leaves out) until the returned function is called.
 */
export async function startWaitSampler(url: string, intervalMs = 50): Promise<() => Promise<WaitProfile>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const counts = new Map<string, number>();
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ key: string; n: number }>(
        `select state || ' / ' || coalesce(wait_event_type || ':' || wait_event, 'on CPU') as key, count(*)::int as n
           from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
          group by 1`,
      );
      samples += 1;
      for (const row of rows) counts.set(row.key, (counts.get(row.key) ?? 0) + row.n);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return async () => {
    running = false;
    await loop.catch(() => undefined);
    await client.end();
    const backends = Object.fromEntries(
      [...counts.entries()]
        .sort((a, b) => b[1] - a[1])
        .map(([key, total]) => [key, Math.round((total / Math.max(samples, 1)) * 100) / 100]),
    );
    return { samples, backends };
  };
}
