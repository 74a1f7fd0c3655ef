"use strict";
var __assign = (this && this.__assign) || function () {
    __assign = Object.assign || function(t) {
        for (var s, i = 1, n = arguments.length; i < n; i++) {
            s = arguments[i];
            for (var p in s) if (Object.prototype.hasOwnProperty.call(s, p))
                t[p] = s[p];
        }
        return t;
    };
    return __assign.apply(this, arguments);
};
var _a, _b, _c, _d;
Object.defineProperty(exports, "__esModule", { value: true });
var test_1 = require("@playwright/test");
var constants_ts_1 = require("./support/constants.ts");
var port = Number((_a = process.env.E2E_PORT) !== null && _a !== void 0 ? _a : 8181);
var smtpPort = Number((_b = process.env.E2E_SMTP_PORT) !== null && _b !== void 0 ? _b : 2525);
var mailHttpPort = Number((_c = process.env.E2E_MAIL_HTTP_PORT) !== null && _c !== void 0 ? _c : 2526);
/**
 * The member journeys in Debian's Chromium at a phone's 390x844, against the built web app and
 * the real server (fresh in-memory database, mail delivered over SMTP to a local sink).
 */
exports.default = (0, test_1.defineConfig)({
    testDir: './tests',
    fullyParallel: false,
    workers: 1,
    retries: 0,
    timeout: 60000,
    expect: { timeout: 10000 },
    reporter: [['list']],
    outputDir: './test-results',
    use: __assign(__assign({}, test_1.devices['Desktop Chrome']), { baseURL: "http://127.0.0.1:".concat(port), viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: false, hasTouch: true, colorScheme: 'dark', locale: 'en-US', trace: 'retain-on-failure', screenshot: 'only-on-failure', launchOptions: {
            executablePath: (_d = process.env.CHROMIUM_PATH) !== null && _d !== void 0 ? _d : '/usr/bin/chromium',
            args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
        } }),
    webServer: [
        {
            command: 'tsx support/mail-sink.ts',
            url: "http://127.0.0.1:".concat(mailHttpPort, "/mails"),
            env: { E2E_SMTP_PORT: String(smtpPort), E2E_MAIL_HTTP_PORT: String(mailHttpPort) },
            reuseExistingServer: false,
            stdout: 'pipe',
        },
        {
            command: 'tsx ../apps/server/src/main.ts',
            url: "http://127.0.0.1:".concat(port, "/health"),
            env: {
                PORT: String(port),
                HOST: '127.0.0.1',
                DATA_DIR: 'memory://',
                SMTP_URL: "smtp://127.0.0.1:".concat(smtpPort),
                GENESIS_INVITE_CODE: constants_ts_1.GENESIS_CODE,
                LOG_LEVEL: 'warn',
                PUBLIC_URL: "http://127.0.0.1:".concat(port),
            },
            reuseExistingServer: false,
            timeout: 60000,
        },
    ],
});
