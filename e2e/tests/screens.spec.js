"use strict";
var __awaiter = (this && this.__awaiter) || function (thisArg, _arguments, P, generator) {
    function adopt(value) { return value instanceof P ? value : new P(function (resolve) { resolve(value); }); }
    return new (P || (P = Promise))(function (resolve, reject) {
        function fulfilled(value) { try { step(generator.next(value)); } catch (e) { reject(e); } }
        function rejected(value) { try { step(generator["throw"](value)); } catch (e) { reject(e); } }
        function step(result) { result.done ? resolve(result.value) : adopt(result.value).then(fulfilled, rejected); }
        step((generator = generator.apply(thisArg, _arguments || [])).next());
    });
};
var __generator = (this && this.__generator) || function (thisArg, body) {
    var _ = { label: 0, sent: function() { if (t[0] & 1) throw t[1]; return t[1]; }, trys: [], ops: [] }, f, y, t, g = Object.create((typeof Iterator === "function" ? Iterator : Object).prototype);
    return g.next = verb(0), g["throw"] = verb(1), g["return"] = verb(2), typeof Symbol === "function" && (g[Symbol.iterator] = function() { return this; }), g;
    function verb(n) { return function (v) { return step([n, v]); }; }
    function step(op) {
        if (f) throw new TypeError("Generator is already executing.");
        while (g && (g = 0, op[0] && (_ = 0)), _) try {
            if (f = 1, y && (t = op[0] & 2 ? y["return"] : op[0] ? y["throw"] || ((t = y["return"]) && t.call(y), 0) : y.next) && !(t = t.call(y, op[1])).done) return t;
            if (y = 0, t) op = [op[0] & 2, t.value];
            switch (op[0]) {
                case 0: case 1: t = op; break;
                case 4: _.label++; return { value: op[1], done: false };
                case 5: _.label++; y = op[1]; op = [0]; continue;
                case 7: op = _.ops.pop(); _.trys.pop(); continue;
                default:
                    if (!(t = _.trys, t = t.length > 0 && t[t.length - 1]) && (op[0] === 6 || op[0] === 2)) { _ = 0; continue; }
                    if (op[0] === 3 && (!t || (op[1] > t[0] && op[1] < t[3]))) { _.label = op[1]; break; }
                    if (op[0] === 6 && _.label < t[1]) { _.label = t[1]; t = op; break; }
                    if (t && _.label < t[2]) { _.label = t[2]; _.ops.push(op); break; }
                    if (t[2]) _.ops.pop();
                    _.trys.pop(); continue;
            }
            op = body.call(thisArg, _);
        } catch (e) { op = [6, e]; y = 0; } finally { f = t = 0; }
        if (op[0] & 5) throw op[1]; return { value: op[0] ? op[1] : void 0, done: true };
    }
};
Object.defineProperty(exports, "__esModule", { value: true });
var test_1 = require("@playwright/test");
var constants_ts_1 = require("../support/constants.ts");
var mail_ts_1 = require("../support/mail.ts");
// Screens at a phone's 390x844 in English and Chinese. Each is checked for horizontal overflow
// and saved as a PNG (under test-results, or docs/screenshots with SCREENSHOTS=docs) to look at.
var directory = process.env.SCREENSHOTS === 'docs' ? '../docs/screenshots' : 'test-results/screenshots';
var PASSWORD = 'screens passphrase 2026';
function expectNothingCutOff(page) {
    return __awaiter(this, void 0, void 0, function () {
        var overflow;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, page.evaluate(function () { return document.documentElement.scrollWidth - window.innerWidth; })];
                case 1:
                    overflow = _a.sent();
                    (0, test_1.expect)(overflow, 'page is wider than the phone').toBeLessThanOrEqual(0);
                    return [2 /*return*/];
            }
        });
    });
}
function capture(page, name) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, page.waitForLoadState('networkidle')];
                case 1:
                    _a.sent();
                    return [4 /*yield*/, expectNothingCutOff(page)];
                case 2:
                    _a.sent();
                    return [4 /*yield*/, page.screenshot({ path: "".concat(directory, "/").concat(name, ".png") })];
                case 3:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    });
}
var _loop_1 = function (language) {
    (0, test_1.test)("screens in ".concat(language.code), function (_a) { return __awaiter(void 0, [_a], void 0, function (_b) {
        var email, api, headers, code, registered, _c;
        var page = _b.page;
        return __generator(this, function (_d) {
            switch (_d.label) {
                case 0: return [4 /*yield*/, page.addInitScript(function (code) {
                        if (!localStorage.getItem('kpc:language'))
                            localStorage.setItem('kpc:language', code);
                    }, language.code)];
                case 1:
                    _d.sent();
                    return [4 /*yield*/, page.goto('/#/pages/login/index')];
                case 2:
                    _d.sent();
                    return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('login-submit')).toContainText(language.login)];
                case 3:
                    _d.sent();
                    return [4 /*yield*/, capture(page, "".concat(language.code, "-login"))];
                case 4:
                    _d.sent();
                    return [4 /*yield*/, page.goto("/#/pages/register/index?inviteCode=".concat(constants_ts_1.GENESIS_CODE))];
                case 5:
                    _d.sent();
                    return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('register-page')).toBeVisible()];
                case 6:
                    _d.sent();
                    return [4 /*yield*/, capture(page, "".concat(language.code, "-register"))];
                case 7:
                    _d.sent();
                    return [4 /*yield*/, page.goto('/#/pages/home/index')];
                case 8:
                    _d.sent();
                    return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('home-page')).toBeVisible()];
                case 9:
                    _d.sent();
                    return [4 /*yield*/, capture(page, "".concat(language.code, "-home"))];
                case 10:
                    _d.sent();
                    return [4 /*yield*/, page.goto('/#/pages/term/user')];
                case 11:
                    _d.sent();
                    return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('terms-title')).toBeVisible()];
                case 12:
                    _d.sent();
                    return [4 /*yield*/, capture(page, "".concat(language.code, "-terms"))];
                case 13:
                    _d.sent();
                    email = "screens.".concat(language.code, ".").concat(Date.now(), "@example.com");
                    api = page.request;
                    headers = { 'content-type': 'application/json', language: language.alias };
                    return [4 /*yield*/, api.post('/api/acc/sendCode', { headers: headers, data: { email: email, purpose: 'register' } })];
                case 14:
                    _d.sent();
                    return [4 /*yield*/, (0, mail_ts_1.readCodeFromMail)(email, /./)];
                case 15:
                    code = _d.sent();
                    return [4 /*yield*/, api.post('/api/acc/register', {
                            headers: headers,
                            data: { email: email, password: PASSWORD, confirmPassword: PASSWORD, code: code, inviteCode: constants_ts_1.GENESIS_CODE, agreed: true },
                        })];
                case 16:
                    registered = _d.sent();
                    _c = test_1.expect;
                    return [4 /*yield*/, registered.json()];
                case 17:
                    _c.apply(void 0, [(_d.sent()).code]).toBe(200);
                    return [4 /*yield*/, page.goto('/#/pages/login/index')];
                case 18:
                    _d.sent();
                    return [4 /*yield*/, page.getByTestId('login-email').fill(email)];
                case 19:
                    _d.sent();
                    return [4 /*yield*/, page.getByTestId('login-password').fill(PASSWORD)];
                case 20:
                    _d.sent();
                    return [4 /*yield*/, page.getByTestId('login-submit').click()];
                case 21:
                    _d.sent();
                    return [4 /*yield*/, page.getByTestId('tab-mine').click()];
                case 22:
                    _d.sent();
                    return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('mine-page')).toBeVisible()];
                case 23:
                    _d.sent();
                    return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('mine-invite-code')).toContainText(/[A-Z2-9]{8}/)];
                case 24:
                    _d.sent();
                    return [4 /*yield*/, capture(page, "".concat(language.code, "-mine"))];
                case 25:
                    _d.sent();
                    return [2 /*return*/];
            }
        });
    }); });
};
for (var _i = 0, _a = [
    { code: 'en', alias: 'en_US', login: 'Log in' },
    { code: 'zh-Hans', alias: 'zh_CN', login: '登录' },
]; _i < _a.length; _i++) {
    var language = _a[_i];
    _loop_1(language);
}
