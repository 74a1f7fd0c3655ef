import { describe, expect, it } from 'vitest';
import { assessAudit } from './dependency-audit.mjs';

const advisory = (severity, url) => ({ source: 1, name: 'pkg', title: `a ${severity} one`, url, severity });

describe('assessAudit', () => {
  it('blocks on a high or critical advisory that is not excepted, and only on those', () => {
    const report = {
      vulnerabilities: {
        a: { via: [advisory('critical', 'https://github.com/advisories/GHSA-a')] },
        b: { via: [advisory('moderate', 'https://github.com/advisories/GHSA-b'), 'a'] },
        c: { via: [advisory('high', 'https://github.com/advisories/GHSA-c')] },
      },
    };
    const result = assessAudit(report, { 'https://github.com/advisories/GHSA-c': 'not reachable from our code' });
    expect(result.unreachable).toBeNull();
    expect(result.blocking.map((finding) => finding.package)).toEqual(['a']);
    expect(result.excepted).toEqual([expect.objectContaining({ package: 'c', reason: 'not reachable from our code' })]);
  });

  it('passes a clean report', () => {
    expect(assessAudit({ vulnerabilities: {} }, {})).toEqual({ unreachable: null, blocking: [], excepted: [] });
  });

  it("tells the registry's refusal apart from a report", () => {
    const refused = {
      statusCode: 405,
      message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
    };
    expect(assessAudit(refused, {}).unreachable).toMatch(/^405 Method Not Allowed/);
  });
});
