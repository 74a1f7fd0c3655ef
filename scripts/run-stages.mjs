#!/usr/bin/env node
// `npm test` (Step 10 §4): the stages in order, each timed, with a summary of their durations at
// the end (and on failure), so CI's growth stage by stage is visible in every run's log.
import { spawnSync } from 'node:child_process';

const stages = [
  ['prerequisites', 'node scripts/test-prerequisites.mjs'],
  ['dependency audit', 'node scripts/dependency-audit.mjs'],
  ['lint', 'npm run -s lint'],
  ['typecheck', 'npm run -s typecheck'],
  ['unit and server tests', 'npm run -s test:unit'],
  ['build', 'npm run -s build'],
  ['bundle budget', 'node scripts/bundle-budget.mjs'],
  ['browser journeys', 'npm test -s -w @kpc/e2e'],
];

/** "1 min 05 s" or "4.2 s". */
export function formatDuration(seconds) {
  if (seconds < 60) return `${seconds.toFixed(1)} s`;
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)} min ${String(whole % 60).padStart(2, '0')} s`;
}

function summary(done) {
  const total = done.reduce((sum, stage) => sum + stage.seconds, 0);
  const width = Math.max(...stages.map(([name]) => name.length));
  const lines = done.map(
    ({ name, seconds, ok }) =>
      `  ${name.padEnd(width)}  ${formatDuration(seconds).padStart(10)}${ok ? '' : '  FAILED'}`,
  );
  return ['', 'test stages:', ...lines, `  ${'total'.padEnd(width)}  ${formatDuration(total).padStart(10)}`].join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const done = [];
  for (const [name, command] of stages) {
    console.log(`\n▶ ${name}: ${command}`);
    const started = performance.now();
    const result = spawnSync('sh', ['-c', command], { stdio: 'inherit' });
    const ok = result.status === 0;
    done.push({ name, seconds: (performance.now() - started) / 1000, ok });
    if (!ok) {
      console.log(summary(done));
      process.exit(result.status ?? 1);
    }
  }
  console.log(summary(done));
}
