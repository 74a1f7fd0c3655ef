import { defineConfig, devices } from '@playwright/test';
import { GENESIS_CODE, OPERATOR_KEY, OPERATOR_NAME } from './support/constants.ts';

const port = Number(process.env.E2E_PORT ?? 8181);
const outputDir = process.env.E2E_OUTPUT_DIR ?? './test-results';
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2525);
const mailHttpPort = Number(process.env.E2E_MAIL_HTTP_PORT ?? 2526);
// support/test-wallet.ts reads the same variable to reach the node.
const chainPort = Number(process.env.E2E_CHAIN_PORT ?? 8546);

/**
 * The member journeys in Debian's Chromium at a phone's 390x844, against the built web app and
 * the real server (fresh in-memory database, mail delivered over SMTP to a local sink, and its
 * embedded Hardhat chain on the chain port).
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // scripts/browser-journeys.mjs gives each shard its own output, and reads each file's seconds
  // from the JSON report to balance the next run's shards.
  reporter: [['list'], ['json', { outputFile: `${outputDir}/report.json` }]],
  outputDir,
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${port}`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: false,
    hasTouch: true,
    colorScheme: 'dark',
    locale: 'en-US',
    // A click that can never land (a covered button) fails here, not at the end of a long journey's timeout.
    actionTimeout: 30_000,
    // scripts/browser-journeys.mjs turns it off for the whole suite (E2E_TRACE).
    trace: (process.env.E2E_TRACE as 'off' | 'on' | 'retain-on-failure' | undefined) ?? 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
  webServer: [
    {
      command: 'tsx support/mail-sink.ts',
      url: `http://127.0.0.1:${mailHttpPort}/mails`,
      env: { E2E_SMTP_PORT: String(smtpPort), E2E_MAIL_HTTP_PORT: String(mailHttpPort) },
      reuseExistingServer: false,
      stdout: 'pipe',
    },
    {
      command: 'tsx ../apps/server/src/main.ts',
      url: `http://127.0.0.1:${port}/health`,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: 'memory://',
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        GENESIS_INVITE_CODE: GENESIS_CODE,
        // A known operator, so journeys can approve and authorize through the operator API.
        OPERATOR_KEYS: `${OPERATOR_NAME}@compliance+content+support:${OPERATOR_KEY}`,
        LOG_LEVEL: 'warn',
        // The journeys register many members from one address within a minute.
        RATE_LIMIT_LOGIN_MAX: '500',
        RATE_LIMIT_ACCOUNT_MAX: '500',
        RATE_LIMIT_CODE_MAX: '500',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        // Passkeys refuse an IP address as the site: the passkeys journey opens the app at localhost.
        WEBAUTHN_RP_ID: 'localhost',
        WEBAUTHN_ORIGINS: `http://localhost:${port}`,
        // The console journeys see the step-up prompt: a sign-in's second factor goes stale quickly.
        OPERATOR_STEP_UP_SECONDS: '30',
        // No RPC configured: the server starts its embedded Hardhat chain here (31337 joins the allowed chains).
        DEV_CHAIN_PORT: String(chainPort),
      },
      reuseExistingServer: false,
      // Starting the chain and deploying its contracts comes before the health check answers.
      timeout: 120_000,
    },
  ],
});
