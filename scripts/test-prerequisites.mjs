#!/usr/bin/env node
// `npm test` runs this first (Step 9 §4): the browser journeys need Debian's Chromium and fonts,
// which `npm ci` cannot bring. Where we can (root with apt-get, as on CI) they are installed the
// way `.ci/run` does; otherwise we stop within seconds and name the one command to run, instead of
// failing at the journeys after ten minutes of unit tests.
import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
const installed = (pkg) => spawnSync('dpkg', ['-s', pkg], { stdio: 'ignore' }).status === 0;

function executable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const missing = [];
if (!executable(chromium)) missing.push('chromium');
// Fonts so screenshots in Chinese, Japanese, Korean and Hindi render real glyphs (Debian only).
if (has('dpkg')) for (const pkg of ['fonts-noto-cjk', 'fonts-noto-core']) if (!installed(pkg)) missing.push(pkg);
// The deploy journey runs deploy/Caddyfile (TLS, HTTP/2, two processes behind it).
if (!has('caddy')) missing.push('caddy');

if (missing.length === 0) process.exit(0);

const command = `apt-get update && apt-get install -y ${missing.join(' ')}`;
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (isRoot && has('apt-get') && !process.env.CHROMIUM_PATH) {
  console.log(`test: installing ${missing.join(', ')} from Debian (the browser journeys need them)`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'] });
  execFileSync('apt-get', ['install', '-y', '-qq', ...missing], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  process.exit(0);
}

console.error(
  [
    `test: the browser journeys need ${missing.join(', ')}, which this machine lacks.`,
    process.env.CHROMIUM_PATH && missing.includes('chromium')
      ? `  CHROMIUM_PATH=${chromium} is not an executable: point it at a Chromium or Chrome binary.`
      : `  Run once, as root:  ${command}\n  (or set CHROMIUM_PATH to a Chromium or Chrome you have), then \`npm test\` again.`,
  ].join('\n'),
);
process.exit(1);
