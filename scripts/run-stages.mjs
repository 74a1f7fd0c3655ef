#!/usr/bin/env node
// `npm test` (Step 10 §4): the stages in order, each timed, with a summary of their durations at
// the end (and on failure), so CI's growth stage by stage is visible in every run's log. A stage
// of several commands runs them side by side (each is mostly one core's work).
import { spawn } from 'node:child_process';

const stages = [
  ['prerequisites', 'node scripts/test-prerequisites.mjs'],
  ['dependency audit', 'node scripts/dependency-audit.mjs'],
  // `npm run lint` in two parts beside the typecheck: ESLint alone takes as long as the other two.
  [
    'lint and typecheck',
    ['eslint . --max-warnings=0', 'prettier --check . && npm run -s check:cycles', 'npm run -s typecheck'],
  ],
  ['unit and server tests', 'npm run -s test:unit'],
  ['build', 'npm run -s build'],
  ['bundle budget', 'node scripts/bundle-budget.mjs'],
  ['browser journeys', 'node scripts/browser-journeys.mjs'],
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

/** Runs one command in a shell with this terminal; resolves to its exit code. */
function run(command, alongside) {
  const started = performance.now();
  return new Promise((resolve) => {
    spawn('sh', ['-c', command], { stdio: 'inherit' }).on('close', (code) => {
      if (alongside) console.log(`  (${command}: ${formatDuration((performance.now() - started) / 1000)})`);
      resolve(code ?? 1);
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const done = [];
  for (const [name, command] of stages) {
    console.log(`\n▶ ${name}: ${[command].flat().join(' & ')}`);
    const started = performance.now();
    const commands = [command].flat();
    const codes = await Promise.all(commands.map((one) => run(one, commands.length > 1)));
    const ok = codes.every((code) => code === 0);
    done.push({ name, seconds: (performance.now() - started) / 1000, ok });
    if (!ok) {
      console.log(summary(done));
      process.exit(codes.find((code) => code !== 0) ?? 1);
    }
  }
  console.log(summary(done));
}
