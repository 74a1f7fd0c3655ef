/**
 * The member app's speed (Step 4c §2): Lighthouse 12, its default mobile profile (a mid-range phone,
 * simulated slow 4G and 4x slower CPU), in Debian's Chromium, against the built app served by the
 * real server (embedded PGlite, no chain). Home, login, register, and logged in assets, plan, the
 * card tab, card apply and team (Step 9); each page several times, each run in a fresh browser
 * with an empty cache.
 *
 * Prints the median performance score, LCP, TBT, CLS and the compressed JavaScript the page
 * downloaded, beside the goals, and writes every Lighthouse report to `bench/results/web/`
 * (open one in the Lighthouse viewer for the trace). Exits 0 unless it could not run.
 *
 *   npm run bench:web -- [--runs 3] [--pages home,login,register,assets] [--language en] [--no-build]
 *     [--dist <another build of apps/web>]
 */
import { execFileSync } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { LOCALE_CODES, LoginType, type LocaleCode } from '@kpc/shared';
import { launch } from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { createWalletMember } from '../ledger/api.ts';
import { freePort, killAllNow, startNodeProcess, stopAll } from '../lib/processes.ts';
import { formatTable } from '../lib/table.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const RESULTS_DIR = join(ROOT, 'bench/results/web');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const INVITE_CODE = 'BENCHWEB1';
/** The keys the member app reads (apps/web/src/config/storage.ts). */
const STORAGE_KEYS = { user: 'kpc:user', language: 'kpc:language' };

/** Step 4c goals; CLS has none in the issue, so Web Vitals' "good" stands beside it. */
const GOAL = { score: 95, lcpMs: 2500, tbtMs: 200, cls: 0.1, scriptKb: 170 };

interface Page {
  name: string;
  /** The hash route (SPEC §2: hash router). */
  route: string;
  loggedIn: boolean;
}

const PAGES: Page[] = [
  { name: 'home', route: '/pages/home/index', loggedIn: false },
  { name: 'login', route: '/pages/login/index', loggedIn: false },
  { name: 'register', route: '/pages/register/index', loggedIn: false },
  { name: 'assets', route: '/pages/asset/index', loggedIn: true },
  // Step 9 §1: the heaviest pages the products brought.
  { name: 'plan', route: '/pages/plan/index', loggedIn: true },
  { name: 'card-tab', route: '/pages/card/list', loggedIn: true },
  { name: 'card-apply', route: '/pages/card/open', loggedIn: true },
  { name: 'team', route: '/pages/team/index', loggedIn: true },
];

interface RunFigures {
  score: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Bytes of JavaScript on the wire (compressed, headers included) until the page settled. */
  scriptBytes: number;
  scriptRequests: number;
}

function parseOptions() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      pages: { type: 'string', default: PAGES.map((page) => page.name).join(',') },
      language: { type: 'string', default: 'en' },
      /** Another build to measure (e.g. an older one, for a before/after); implies --no-build. */
      dist: { type: 'string' },
      'no-build': { type: 'boolean', default: false },
    },
  });
  const names = values.pages.split(',');
  const pages = PAGES.filter((page) => names.includes(page.name));
  if (pages.length !== names.length) throw new Error(`--pages: choose from ${PAGES.map((p) => p.name).join(', ')}`);
  const language = values.language as LocaleCode;
  if (!LOCALE_CODES.includes(language)) throw new Error(`--language: one of ${LOCALE_CODES.join(', ')}`);
  return {
    runs: Math.max(1, Number(values.runs)),
    pages,
    language,
    dist: values.dist,
    build: !values['no-build'] && values.dist === undefined,
  };
}

/** Writes `entries` into the origin's localStorage, as the member app would have left them. */
async function seedLocalStorage(port: number, origin: string, entries: Record<string, string>): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    // Any small file of the origin will do; Lighthouse empties the HTTP cache before it measures.
    await page.goto(`${origin}/favicon.svg`);
    await page.evaluate((items: Record<string, string>) => {
      // Runs in the page (bench has no DOM types).
      const { localStorage } = globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } };
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, entries);
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

function figuresOf(lhr: Result): RunFigures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const requests = (lhr.audits['network-requests']?.details as { items?: Record<string, unknown>[] } | undefined)
    ?.items;
  const scripts = (requests ?? []).filter((request) => request.resourceType === 'Script');
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    scriptBytes: scripts.reduce((sum, request) => sum + Number(request.transferSize ?? 0), 0),
    scriptRequests: scripts.length,
  };
}

/** One Lighthouse run in a fresh headless Chromium. */
async function measure(url: string, origin: string, storage: Record<string, string>): Promise<Result> {
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    await seedLocalStorage(chrome.port, origin, storage);
    // No config: Lighthouse's default, the mobile form factor with simulated throttling.
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    chrome.kill();
  }
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART); such a run is taken again, once. */
async function measureWithRetry(url: string, origin: string, storage: Record<string, string>): Promise<Result> {
  try {
    return await measure(url, origin, storage);
  } catch (error) {
    console.log(`  (retrying: ${error instanceof Error ? error.message : String(error)})`);
    return measure(url, origin, storage);
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? Number.NaN) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function mark(isMet: boolean): string {
  return isMet ? 'ok' : 'MISSED';
}

async function main() {
  const options = parseOptions();
  if (options.build) {
    console.log('building the member app (npm run build -w @kpc/web)…');
    execFileSync('npm', ['run', 'build', '-w', '@kpc/web'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  console.log(`starting the server on ${origin} (PGlite in memory, no chain)…`);
  const server = await startNodeProcess({
    name: 'server',
    script: 'apps/server/src/main.ts',
    cwd: ROOT,
    // Exactly these settings, whatever the shell holds.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      DATA_DIR: 'memory://',
      DEV_CHAIN: 'off',
      LOG_LEVEL: 'warn',
      GENESIS_INVITE_CODE: INVITE_CODE,
      PUBLIC_URL: origin,
      ...(options.dist ? { WEB_DIST_DIR: options.dist } : {}),
    },
    port,
  });
  await rm(RESULTS_DIR, { recursive: true, force: true });
  await mkdir(RESULTS_DIR, { recursive: true });
  try {
    const member = await createWalletMember(origin, 0, INVITE_CODE);
    const session = JSON.stringify({
      state: {
        userInfo: null,
        token: member.token,
        address: member.address,
        walletList: [],
        price: '0',
        allQuantity: '0',
        loginType: LoginType.WALLET,
        lastUpdateTime: Date.now(),
      },
      version: 0,
    });

    const rows: string[][] = [];
    const environment = { version: '?', browser: CHROMIUM };
    for (const page of options.pages) {
      const runs: RunFigures[] = [];
      for (let run = 1; run <= options.runs; run++) {
        const storage: Record<string, string> = { [STORAGE_KEYS.language]: options.language };
        if (page.loggedIn) storage[STORAGE_KEYS.user] = session;
        const lhr = await measureWithRetry(`${origin}/#${page.route}`, origin, storage);
        await writeFile(join(RESULTS_DIR, `${page.name}-${run}.json`), JSON.stringify(lhr));
        environment.version = lhr.lighthouseVersion;
        environment.browser = lhr.environment.hostUserAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0] ?? CHROMIUM;
        const figures = figuresOf(lhr);
        runs.push(figures);
        console.log(
          `  ${page.name} run ${run}: score ${figures.score}, FCP ${Math.round(figures.fcpMs)} ms, LCP ${Math.round(figures.lcpMs)} ms, TBT ${Math.round(figures.tbtMs)} ms, CLS ${figures.cls.toFixed(3)}, JS ${(figures.scriptBytes / 1024).toFixed(1)} kB in ${figures.scriptRequests} files`,
        );
      }
      const m = (pick: (figures: RunFigures) => number) => median(runs.map(pick));
      const score = m((f) => f.score);
      const lcp = m((f) => f.lcpMs);
      const tbt = m((f) => f.tbtMs);
      const cls = m((f) => f.cls);
      const scriptKb = m((f) => f.scriptBytes) / 1024;
      rows.push([
        page.name + (page.loggedIn ? ' (logged in)' : ''),
        `${score} ${mark(score >= GOAL.score)}`,
        `${(m((f) => f.fcpMs) / 1000).toFixed(2)} s`,
        `${(lcp / 1000).toFixed(2)} s ${mark(lcp < GOAL.lcpMs)}`,
        `${Math.round(tbt)} ms ${mark(tbt < GOAL.tbtMs)}`,
        `${cls.toFixed(3)} ${mark(cls <= GOAL.cls)}`,
        `${scriptKb.toFixed(1)} kB ${mark(scriptKb <= GOAL.scriptKb)}`,
      ]);
    }

    console.log(
      `\nLighthouse ${environment.version} mobile (simulated slow 4G, 4x CPU slowdown), ${environment.browser}, language ${options.language}; median of ${options.runs} run(s)\n`,
    );
    console.log(
      formatTable(
        ['page', 'performance', 'FCP', 'LCP', 'TBT', 'CLS', 'JS on the wire'],
        [
          ...rows,
          [
            'goal',
            `>= ${GOAL.score}`,
            '',
            `< ${GOAL.lcpMs / 1000} s`,
            `< ${GOAL.tbtMs} ms`,
            `<= ${GOAL.cls} (Web Vitals)`,
            `<= ${GOAL.scriptKb} kB`,
          ],
        ],
        [false, true, true, true, true, true, true],
      ),
    );
    console.log(`\nreports: ${RESULTS_DIR}`);
  } finally {
    await server.stop();
  }
}

process.on('exit', killAllNow);
try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await stopAll();
  process.exitCode = 1;
}
