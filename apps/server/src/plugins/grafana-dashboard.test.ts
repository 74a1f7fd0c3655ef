import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createMetrics, type MetricSources } from './metrics.ts';

/**
 * deploy/grafana/kpc-dashboard.json queries the metrics by name: a renamed or removed metric
 * would leave a panel silently empty. Every `kpc_*` series a panel names must be one this server's
 * registry exports (a histogram as its `_bucket`, `_sum` and `_count` series).
 */
const dashboard = JSON.parse(
  readFileSync(new URL('../../../../deploy/grafana/kpc-dashboard.json', import.meta.url), 'utf8'),
) as { panels: { title: string; targets: { expr: string }[] }[] };

describe('the Grafana dashboard in deploy/', () => {
  it('names only series the server exports', async () => {
    const metrics = createMetrics();
    // A PostgreSQL process's sources: its pool gauge exists only there.
    const pool = { totalCount: 0, idleCount: 0, waitingCount: 0 };
    metrics.watch({
      database: { kind: 'postgres', db: { $client: pool } },
      nodes: {},
      watchedChainIds: new Set(),
    } as unknown as MetricSources);
    const exported = new Set<string>();
    for (const metric of await metrics.registry.getMetricsAsJSON()) {
      exported.add(metric.name);
      if (String(metric.type) === 'histogram')
        for (const suffix of ['_bucket', '_sum', '_count']) exported.add(metric.name + suffix);
    }
    const named = dashboard.panels.flatMap((panel) =>
      panel.targets.flatMap((target) =>
        (target.expr.match(/\bkpc_[a-z0-9_]+/g) ?? []).map((name) => ({ panel: panel.title, name })),
      ),
    );
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter(({ name }) => !exported.has(name))).toEqual([]);
  });
});
