#!/usr/bin/env node
// `npm test`'s browser stage (Step 10 §4): the Playwright journeys split into shards that run side
// by side, each with its own server, database, chain and mail sink on its own ports. Shards get
// whole spec files (a file's journeys share its server's state), balanced by each file's seconds
// in e2e/journey-seconds.json. E2E_SHARDS sets the count (1 = one run); arguments (a file, a
// --grep) mean one run with them. E2E_RECORD_SECONDS=1 rewrites the seconds from the run.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const e2eDirectory = fileURLToPath(new URL('../e2e/', import.meta.url));
const secondsFile = `${e2eDirectory}journey-seconds.json`;

/** The ports a journey run uses, with playwright.config.ts's defaults. */
const PORTS = {
  E2E_PORT: 8181,
  E2E_SMTP_PORT: 2525,
  E2E_MAIL_HTTP_PORT: 2526,
  E2E_CHAIN_PORT: 8546,
};
/** Shard n's ports are the first shard's plus n times this (the deploy journey uses E2E_PORT + 20..22). */
const PORT_STRIDE = 100;

/** The environment of shard `index` (0-based): its own ports and its own output directory. */
export function shardEnvironment(env, index) {
  const shard = {};
  for (const [name, fallback] of Object.entries(PORTS)) {
    shard[name] = String(Number(env[name] ?? fallback) + index * PORT_STRIDE);
  }
  shard.E2E_OUTPUT_DIR = `./test-results/shard-${index + 1}`;
  return { ...env, ...shard };
}

/**
 * Playwright's trace for the run: the whole suite records none (recording every action of every
 * journey made each a quarter slower side by side; CI's stage took 34 minutes with it, 18 without,
 * and a CI run's traces are not kept), one file or a --grep keeps `retain-on-failure` to debug
 * with; E2E_TRACE overrides either.
 */
export function traceMode(env, extraArgs) {
  return env.E2E_TRACE ?? (extraArgs.length > 0 ? 'retain-on-failure' : 'off');
}

/** How many shards: E2E_SHARDS, or one per core up to two (more only contend for the cores). */
export function shardCount(env, cores = availableParallelism()) {
  const asked = Number(env.E2E_SHARDS);
  if (Number.isInteger(asked) && asked >= 1) return asked;
  return Math.max(1, Math.min(2, cores));
}

/**
 * Spreads spec files over `count` shards, longest first onto the least loaded shard, so the
 * shards end together. A file with no recorded seconds counts as the average file.
 */
export function planShards(files, seconds, count) {
  const known = files.map((file) => seconds[file]).filter((value) => typeof value === 'number');
  const average = known.length > 0 ? known.reduce((sum, value) => sum + value, 0) / known.length : 1;
  const weight = (file) => seconds[file] ?? average;
  const shards = Array.from({ length: count }, () => ({ files: [], seconds: 0 }));
  for (const file of [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
    const lightest = shards.reduce((best, shard) => (shard.seconds < best.seconds ? shard : best));
    lightest.files.push(file);
    lightest.seconds += weight(file);
  }
  return shards.map((shard) => ({ files: shard.files.sort(), seconds: Math.round(shard.seconds) }));
}

/** Seconds per spec file from Playwright's JSON report (suites are files; specs hold the tests' runs). */
export function secondsPerFile(report) {
  const totals = {};
  const visit = (suite, file) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        for (const result of test.results ?? []) totals[file] = (totals[file] ?? 0) + result.duration / 1000;
      }
    }
    for (const child of suite.suites ?? []) visit(child, file);
  };
  for (const suite of report.suites ?? []) visit(suite, `tests/${suite.file}`);
  return Object.fromEntries(Object.entries(totals).map(([file, total]) => [file, Math.round(total)]));
}

/** Runs one shard, its output prefixed so the interleaved lines stay readable. */
function runShard(index, count, extraArgs) {
  const label = count > 1 ? `[${index + 1}/${count}] ` : '';
  const child = spawn('npx', ['playwright', 'test', ...extraArgs], {
    cwd: e2eDirectory,
    env: { ...shardEnvironment(process.env, index), E2E_TRACE: traceMode(process.env, extraArgs) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const [stream, target] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let pending = '';
    stream.on('data', (chunk) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) target.write(`${label}${line}\n`);
    });
    stream.on('end', () => pending && target.write(`${label}${pending}\n`));
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const extraArgs = process.argv.slice(2);
  const count = extraArgs.length > 0 ? 1 : shardCount(process.env);
  const files = readdirSync(`${e2eDirectory}tests`)
    .filter((name) => name.endsWith('.spec.ts'))
    .map((name) => `tests/${name}`);
  const recorded = existsSync(secondsFile) ? JSON.parse(readFileSync(secondsFile, 'utf8')) : {};
  // A shard with no file would run them all: more shards than files leaves the extra ones out.
  const shards =
    count > 1
      ? planShards(files, recorded, count).filter((shard) => shard.files.length > 0)
      : [{ files: [], seconds: 0 }];
  const codes = await Promise.all(
    shards.map((shard, index) => runShard(index, shards.length, [...shard.files, ...extraArgs])),
  );
  codes.forEach((code, index) => {
    const planned = count > 1 ? ` (${shards[index].files.length} files, about ${shards[index].seconds} s planned)` : '';
    console.log(
      `browser journeys ${index + 1}/${shards.length}${planned}: ${code === 0 ? 'passed' : `FAILED (${code})`}`,
    );
  });
  if (process.env.E2E_RECORD_SECONDS === '1') {
    const measured = {};
    for (const [index] of shards.entries()) {
      const report = `${e2eDirectory}test-results/shard-${index + 1}/report.json`;
      if (existsSync(report)) Object.assign(measured, secondsPerFile(JSON.parse(readFileSync(report, 'utf8'))));
    }
    const sorted = Object.fromEntries(
      Object.entries({ ...recorded, ...measured }).sort(([a], [b]) => a.localeCompare(b)),
    );
    writeFileSync(secondsFile, `${JSON.stringify(sorted, null, 2)}\n`);
    console.log(`browser journeys: seconds per file written to e2e/journey-seconds.json`);
  }
  process.exit(codes.every((code) => code === 0) ? 0 : 1);
}
