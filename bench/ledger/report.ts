/** The ledger benchmark's results: their shapes, the goals they are held to, and the printed report (run.ts measures). */
import type { CpuUse } from '../lib/cpu.ts';
import type { WaitProfile } from '../lib/pg-waits.ts';
import type { DbKind } from '../lib/run-bench.ts';
import { formatTable, ms, whole } from '../lib/table.ts';
import { WRITE_KINDS, type WriteKey } from './writes.ts';

/** Step 3 goal, PostgreSQL, many members. */
export const GOAL = { rps: 1000, p99Ms: 100, connections: 50 };
/**
 * Step 9 §2 goal of every single-member money write, against the single-row update transaction of
 * the same run: CPU per request (server + PostgreSQL) at most 3 times its, at least 0.3 of its
 * requests/s, p99 under 100 ms at 50 connections.
 */
export const WRITE_GOAL = { cpuRatio: 3, rpsRatio: 0.3, p99Ms: 100, connections: 50 };

export interface Options {
  dbs: DbKind[];
  duration: number;
  warmup: number;
  connections: number;
  members: number;
  poolSize: number;
  pgUrl: string;
  /** The ledger writes to measure, in the order of WRITE_KEYS. */
  writes: WriteKey[];
  /** `--writes` was given: the Step 9 §2 comparison is printed. */
  writesGiven: boolean;
  /** `--profile <dir>`: the servers write their CPU profiles there (as bench:api), to find where a write spends its time. */
  profileDir: string | undefined;
}

export type ScenarioKey = 'bare' | 'update-random' | 'update-hot' | 'exchange-one' | `${WriteKey}-many`;

export interface ScenarioResult {
  key: ScenarioKey;
  scenario: string;
  /** The ledger write measured, if any. */
  write?: WriteKey;
  database: DbKind;
  connections: number;
  poolSize: number | null;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  maxMs: number;
  seconds: number;
  responses: number;
  ok: number;
  errors: number;
  timeouts: number;
  failures: Record<string, number>;
  failureSamples: string[];
  /** Cores busy on average while measuring. */
  cpu: CpuUse;
  /** CPU milliseconds per successful request: the process under load, and PostgreSQL. */
  cpuMsPerRequest: { server: number; postgres: number };
  /** PostgreSQL only: where the database's backends were while measuring. */
  waits?: WaitProfile;
  notes: string[];
}

export interface Ratio {
  name: string;
  requestsPerSecond: number;
  p99: number;
}

/** What answered 200 against what the ledger holds, for one write kind. */
export interface LedgerCheck {
  answered: number;
  applied: number;
  overcountedMembers: number;
  ok: boolean;
  /** Members whose ledger holds more writes than were sent for them (a write applied twice). */
  overappliedMembers?: number;
  /** Members whose balances are not what whole writes leave. */
  unbalancedMembers?: number;
}

/** Step 9 §2: one write against the single-row update transaction (random rows) of the same run. */
export interface WriteGoal {
  write: WriteKey;
  scenario: string;
  /** CPU ms per request, server + PostgreSQL, of the write and of the update baseline. */
  cpuMsPerRequest: number;
  baselineCpuMsPerRequest: number;
  cpuRatio: number;
  requestsPerSecondRatio: number;
  p99Ms: number;
  met: boolean;
}

export interface DbReport {
  benchmark: 'ledger';
  database: DbKind;
  date: string;
  machine: { cpus: number; model: string; node: string };
  options: { duration: number; warmup: number; connections: number; members: number; poolSize: number | null };
  postgres?: Record<string, string>;
  scenarios: ScenarioResult[];
  ratios: Ratio[];
  /** The exchange's (both exchange scenarios' members). */
  ledgerCheck?: LedgerCheck;
  /** Every other write measured. */
  writeChecks: Partial<Record<WriteKey, LedgerCheck>>;
  goal?: { rps: number; p99Ms: number; connections: number; met: boolean };
  writeGoals: WriteGoal[];
}

export function verdict(check: LedgerCheck): string {
  if (check.ok) return ': consistent';
  const problems = [
    check.overcountedMembers > 0 ? `${check.overcountedMembers} members counted more than applied` : '',
    check.overappliedMembers ? `${check.overappliedMembers} members applied more than sent` : '',
    check.unbalancedMembers ? `${check.unbalancedMembers} members' balances not whole writes` : '',
  ].filter(Boolean);
  return `: NOT CONSISTENT (${problems.join('; ') || 'more applied than were in flight'})`;
}

const otherCpu = (cpu: CpuUse) => Math.max(0, cpu.machine - cpu.server - cpu.postgres - cpu.runner);
const cores = (value: number) => value.toFixed(2);

export function printReports(reports: DbReport[], options: Options): void {
  const first = reports[0];
  console.log('');
  console.log(
    `Ledger benchmark — ${first?.machine.cpus ?? '?'} × ${first?.machine.model ?? '?'}, Node ${process.version}; ` +
      `${options.connections} connections, ${options.duration} s measured after ${options.warmup} s warm-up`,
  );
  console.log(
    'CPU: cores busy on average while measuring: server = the process under load, pg = PostgreSQL (the bench',
  );
  console.log(
    "database's backends and the shared background processes), runner = this process (autocannon), other = everything",
  );
  console.log('else on the machine, other databases of the same PostgreSQL included.');
  console.log('');
  const rows = reports.flatMap((report) =>
    report.scenarios.map((s) => [
      s.scenario,
      report.database,
      String(s.connections),
      s.poolSize === null ? '-' : String(s.poolSize),
      whole(s.requestsPerSecond),
      ms(s.p50Ms),
      ms(s.p99Ms),
      whole(s.errors),
      cores(s.cpu.server),
      report.database === 'postgres' ? cores(s.cpu.postgres) : '-',
      cores(s.cpu.runner),
      cores(otherCpu(s.cpu)),
    ]),
  );
  console.log(
    formatTable(
      [
        'scenario',
        'database',
        'conn',
        'pool',
        'requests/s',
        'p50 ms',
        'p99 ms',
        'errors',
        'CPU server',
        'CPU pg',
        'CPU runner',
        'CPU other',
      ],
      rows,
      [false, false, true, true, true, true, true, true, true, true, true, true],
    ),
  );
  for (const report of reports) {
    console.log('');
    console.log(`Ratios on ${report.database} (requests/s ratio; p99 ratio):`);
    for (const ratio of report.ratios) {
      console.log(`  ${ratio.name}: ${ratio.requestsPerSecond.toFixed(3)}; p99 × ${ratio.p99.toFixed(2)}`);
    }
    console.log(
      `CPU ms per successful request on ${report.database} (server${report.database === 'postgres' ? ' + PostgreSQL' : ''}):`,
    );
    for (const s of report.scenarios.filter((scenario) => scenario.key !== 'bare')) {
      const { server, postgres } = s.cpuMsPerRequest;
      console.log(
        `  ${s.scenario}: ${server.toFixed(3)}${report.database === 'postgres' ? ` + ${postgres.toFixed(3)}` : ''}`,
      );
    }
    const waited = report.scenarios.filter((s) => s.waits);
    if (waited.length > 0) {
      console.log(`PostgreSQL backends of the bench database while measuring (average count by state / wait):`);
      for (const s of waited) {
        const top = Object.entries(s.waits?.backends ?? {}).slice(0, 5);
        console.log(`  ${s.scenario}: ${top.map(([key, value]) => `${key} ${value.toFixed(1)}`).join(', ')}`);
      }
    }
    const check = report.ledgerCheck;
    if (check) {
      console.log(
        `Ledger check on ${report.database}: ${whole(check.answered)} confirmations answered 200, ` +
          `${whole(check.applied)} exchanges applied in the ledger` +
          (check.applied > check.answered
            ? ` (${check.applied - check.answered} were in flight when a run ended)`
            : '') +
          verdict(check),
      );
    }
    for (const [key, other] of Object.entries(report.writeChecks) as [WriteKey, LedgerCheck][]) {
      const kind = WRITE_KINDS[key];
      console.log(
        `Ledger check on ${report.database}, ${kind.title}: ${whole(other.answered)} answered 200, ` +
          `${whole(other.applied)} ${kind.noun} applied in the ledger` +
          (other.applied > other.answered
            ? ` (${other.applied - other.answered} were in flight when a run ended)`
            : '') +
          verdict(other),
      );
    }
    if (options.writesGiven && report.writeGoals.length > 0) {
      const atGoalLoad =
        options.connections === WRITE_GOAL.connections
          ? ''
          : ` (measured at ${options.connections} connections, the goal is at ${WRITE_GOAL.connections})`;
      console.log(
        `Step 9 §2 on ${report.database}, each write ÷ single-row update tx (random rows) of this run: CPU (server` +
          `${report.database === 'postgres' ? ' + PostgreSQL' : ', PGlite inside'}) per request <= ${WRITE_GOAL.cpuRatio}×, requests/s >= ${WRITE_GOAL.rpsRatio}×, p99 < ${WRITE_GOAL.p99Ms} ms, no errors${atGoalLoad}:`,
      );
      for (const goal of report.writeGoals) {
        console.log(
          `  ${goal.scenario}: CPU ${goal.cpuMsPerRequest.toFixed(3)} ÷ ${goal.baselineCpuMsPerRequest.toFixed(3)} ms = ` +
            `${goal.cpuRatio.toFixed(2)}×; requests/s ${goal.requestsPerSecondRatio.toFixed(3)}×; p99 ${ms(goal.p99Ms)} ms: ` +
            `${goal.met ? 'met' : 'not met'}`,
        );
      }
    }
    for (const s of report.scenarios) {
      if (s.errors > 0 || s.notes.length > 0) {
        console.log(`  ${report.database} / ${s.scenario}: ${[...s.notes, JSON.stringify(s.failures)].join('; ')}`);
        for (const sample of s.failureSamples) console.log(`    ${sample}`);
      }
    }
  }
  const busiest = Math.max(0, ...reports.flatMap((report) => report.scenarios.map((s) => otherCpu(s.cpu))));
  if (busiest > 0.2) {
    console.log('');
    console.log(
      `Note: other processes on this machine used up to ${cores(busiest)} cores while measuring; the figures are disturbed by them.`,
    );
  }
  const postgres = reports.find((report) => report.database === 'postgres');
  const many = postgres?.scenarios.find((s) => s.key === 'exchange-many');
  console.log('');
  if (postgres?.goal && many) {
    const atGoalLoad =
      options.connections === GOAL.connections
        ? ''
        : ` (measured at ${options.connections} connections, the goal is at ${GOAL.connections})`;
    console.log(
      `Goal (PostgreSQL, many members): >= ${whole(GOAL.rps)}/s and p99 < ${GOAL.p99Ms} ms at ${GOAL.connections} connections: ` +
        `${postgres.goal.met ? 'met' : 'not met'} (${whole(many.requestsPerSecond)}/s, p99 ${ms(many.p99Ms)} ms, ${whole(many.errors)} errors)${atGoalLoad}`,
    );
  } else {
    console.log('Goal (PostgreSQL, many members): not measured in this run (use --db postgres or both)');
  }
}
