#!/usr/bin/env node
// `npm test`'s dependency stage (Step 10 §3): `npm audit --omit=dev` must find no high or critical
// advisory in what production runs, except those written in audit-exceptions.json with a reason.
// Where the registry's audit endpoint cannot be reached (an offline mirror, a proxy that refuses
// its POST), the stage says so plainly and passes, unless AUDIT_REQUIRED=1 makes that a failure.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const BLOCKING = new Set(['high', 'critical']);

/**
 * What an `npm audit --json` report means for us: `unreachable` when it is the registry's error
 * instead of a report, else the blocking advisories not excepted, and the exceptions in use.
 */
export function assessAudit(report, exceptions) {
  if (!report || typeof report !== 'object' || !report.vulnerabilities) {
    const why = report?.message ?? report?.error?.summary ?? 'no report';
    return { unreachable: why, blocking: [], excepted: [] };
  }
  const blocking = [];
  const excepted = [];
  for (const [name, vulnerability] of Object.entries(report.vulnerabilities)) {
    for (const via of vulnerability.via ?? []) {
      // A string names another vulnerable package that carries the advisory: it is listed there.
      if (typeof via !== 'object' || !BLOCKING.has(via.severity)) continue;
      const finding = { package: name, severity: via.severity, title: via.title, url: via.url };
      if (exceptions[via.url]) excepted.push({ ...finding, reason: exceptions[via.url] });
      else blocking.push(finding);
    }
  }
  return { unreachable: null, blocking, excepted };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const exceptions = JSON.parse(readFileSync(new URL('../audit-exceptions.json', import.meta.url), 'utf8')).exceptions;
  const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', timeout: 120_000 });
  let report = null;
  try {
    report = JSON.parse(run.stdout);
  } catch {
    report = { error: { summary: (run.stderr || 'npm audit printed no JSON').trim().split('\n')[0] } };
  }
  const { unreachable, blocking, excepted } = assessAudit(report, exceptions);
  if (unreachable) {
    console.log(`dependency audit: the registry's audit endpoint could not be used (${unreachable}); not checked.`);
    process.exit(process.env.AUDIT_REQUIRED === '1' ? 1 : 0);
  }
  for (const finding of excepted)
    console.log(`excepted: ${finding.package} ${finding.severity} ${finding.url} (${finding.reason})`);
  for (const finding of blocking)
    console.log(`BLOCKING: ${finding.package} ${finding.severity} ${finding.title} ${finding.url}`);
  console.log(`dependency audit: ${blocking.length} high or critical advisories, ${excepted.length} excepted`);
  process.exit(blocking.length > 0 ? 1 : 0);
}
