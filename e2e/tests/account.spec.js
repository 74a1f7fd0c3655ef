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
var PASSWORD = 'journey passphrase 2026';
function uniqueEmail(label) {
    return "".concat(label, ".").concat(Date.now(), ".").concat(Math.floor(Math.random() * 1e6), "@example.com");
}
/** Types into an antd-mobile input found by its test id (the id sits on the <input> itself). */
function fill(page, testId, value) {
    return __awaiter(this, void 0, void 0, function () {
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, page.getByTestId(testId).fill(value)];
                case 1:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    });
}
function registerThroughUi(page, email, inviteCode) {
    return __awaiter(this, void 0, void 0, function () {
        var code;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, page.goto(inviteCode ? "/#/pages/register/index?inviteCode=".concat(inviteCode) : '/#/pages/register/index')];
                case 1:
                    _a.sent();
                    return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('register-page')).toBeVisible()];
                case 2:
                    _a.sent();
                    return [4 /*yield*/, fill(page, 'register-email', email)];
                case 3:
                    _a.sent();
                    return [4 /*yield*/, page.getByTestId('register-code-button').click()];
                case 4:
                    _a.sent();
                    return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('register-code-button')).toContainText(/\d+/)];
                case 5:
                    _a.sent();
                    return [4 /*yield*/, (0, mail_ts_1.readCodeFromMail)(email, /registration code/)];
                case 6:
                    code = _a.sent();
                    return [4 /*yield*/, fill(page, 'register-password', PASSWORD)];
                case 7:
                    _a.sent();
                    return [4 /*yield*/, fill(page, 'register-confirm-password', PASSWORD)];
                case 8:
                    _a.sent();
                    return [4 /*yield*/, fill(page, 'register-code', code)];
                case 9:
                    _a.sent();
                    return [4 /*yield*/, page.getByTestId('register-agreement').click()];
                case 10:
                    _a.sent();
                    return [4 /*yield*/, page.getByTestId('register-submit').click()];
                case 11:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    });
}
function loginThroughUi(page_1, email_1) {
    return __awaiter(this, arguments, void 0, function (page, email, password) {
        if (password === void 0) { password = PASSWORD; }
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0: return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('login-page')).toBeVisible()];
                case 1:
                    _a.sent();
                    return [4 /*yield*/, fill(page, 'login-email', email)];
                case 2:
                    _a.sent();
                    return [4 /*yield*/, fill(page, 'login-password', password)];
                case 3:
                    _a.sent();
                    return [4 /*yield*/, page.getByTestId('login-submit').click()];
                case 4:
                    _a.sent();
                    return [2 /*return*/];
            }
        });
    });
}
(0, test_1.test)('an invited newcomer registers, logs in, finds Mine, switches to 中文 and back, and logs out', function (_a) { return __awaiter(void 0, [_a], void 0, function (_b) {
    var email;
    var page = _b.page;
    return __generator(this, function (_c) {
        switch (_c.label) {
            case 0:
                email = uniqueEmail('newcomer');
                return [4 /*yield*/, page.goto("/#/pages/home/index?inviteCode=".concat(constants_ts_1.GENESIS_CODE))];
            case 1:
                _c.sent();
                return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('home-page')).toBeVisible()];
            case 2:
                _c.sent();
                return [4 /*yield*/, page.getByTestId('home-register').click()];
            case 3:
                _c.sent();
                // The invitation code came with the link and is pre-filled (SPEC §4).
                return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('register-invite-code')).toHaveValue(constants_ts_1.GENESIS_CODE)];
            case 4:
                // The invitation code came with the link and is pre-filled (SPEC §4).
                _c.sent();
                return [4 /*yield*/, registerThroughUi(page, email, null)];
            case 5:
                _c.sent();
                // Registered: on to login with the email filled in.
                return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('login-page')).toBeVisible()];
            case 6:
                // Registered: on to login with the email filled in.
                _c.sent();
                return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('login-email')).toHaveValue(email)];
            case 7:
                _c.sent();
                return [4 /*yield*/, fill(page, 'login-password', PASSWORD)];
            case 8:
                _c.sent();
                return [4 /*yield*/, page.getByTestId('login-submit').click()];
            case 9:
                _c.sent();
                return [4 /*yield*/, page.getByTestId('tab-mine').click()];
            case 10:
                _c.sent();
                return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('mine-page')).toBeVisible()];
            case 11:
                _c.sent();
                return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('mine-identity')).toContainText(email.slice(0, 1))];
            case 12:
                _c.sent();
                return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('mine-invite-code')).toContainText(/[A-Z2-9]{8}/)];
            case 13:
                _c.sent();
                return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('mine-level')).toBeVisible()];
            case 14:
                _c.sent();
                return [4 /*yield*/, page.getByTestId('mine-switch-language').click()];
            case 15:
                _c.sent();
                return [4 /*yield*/, page.getByTestId('language-option-zh-Hans').click()];
            case 16:
                _c.sent();
                return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('mine-logout')).toContainText('退出登录')];
            case 17:
                _c.sent();
                return [4 /*yield*/, (0, test_1.expect)(page.locator('html')).toHaveAttribute('lang', 'zh-Hans')];
            case 18:
                _c.sent();
                return [4 /*yield*/, page.reload()];
            case 19:
                _c.sent();
                return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('mine-logout')).toContainText('退出登录')];
            case 20:
                _c.sent();
                return [4 /*yield*/, page.getByTestId('mine-switch-language').click()];
            case 21:
                _c.sent();
                return [4 /*yield*/, page.getByTestId('language-option-en').click()];
            case 22:
                _c.sent();
                return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('mine-logout')).toContainText('Log out')];
            case 23:
                _c.sent();
                return [4 /*yield*/, page.getByTestId('mine-logout').click()];
            case 24:
                _c.sent();
                return [4 /*yield*/, (0, test_1.expect)(page.getByText('Are you sure to log out?')).toBeVisible()];
            case 25:
                _c.sent();
                return [4 /*yield*/, page.getByTestId('logout-confirm').click()];
            case 26:
                _c.sent();
                return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('home-page')).toBeVisible()];
            case 27:
                _c.sent();
                // Sent home keeping the invitation code (SPEC §4).
                (0, test_1.expect)(page.url()).toContain("inviteCode=".concat(constants_ts_1.GENESIS_CODE));
                // The session is really gone: Mine needs a login again.
                return [4 /*yield*/, page.goto('/#/pages/mine/index')];
            case 28:
                // The session is really gone: Mine needs a login again.
                _c.sent();
                return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('login-page')).toBeVisible()];
            case 29:
                _c.sent();
                return [2 /*return*/];
        }
    });
}); });
(0, test_1.test)('a login-required page redirects to login, then back after logging in', function (_a) { return __awaiter(void 0, [_a], void 0, function (_b) {
    var email;
    var page = _b.page;
    return __generator(this, function (_c) {
        switch (_c.label) {
            case 0:
                email = uniqueEmail('guarded');
                return [4 /*yield*/, registerThroughUi(page, email, constants_ts_1.GENESIS_CODE)];
            case 1:
                _c.sent();
                return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('login-page')).toBeVisible()];
            case 2:
                _c.sent();
                return [4 /*yield*/, page.goto('/#/pages/card/list')];
            case 3:
                _c.sent();
                return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('login-page')).toBeVisible()];
            case 4:
                _c.sent();
                (0, test_1.expect)(page.url()).toContain('/pages/login/index');
                return [4 /*yield*/, loginThroughUi(page, email)];
            case 5:
                _c.sent();
                return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('card-list-page')).toBeVisible()];
            case 6:
                _c.sent();
                return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('card-list-empty')).toBeVisible()];
            case 7:
                _c.sent();
                return [2 /*return*/];
        }
    });
}); });
(0, test_1.test)('a wrong password shows the message and keeps the member logged out', function (_a) { return __awaiter(void 0, [_a], void 0, function (_b) {
    var email;
    var page = _b.page;
    return __generator(this, function (_c) {
        switch (_c.label) {
            case 0:
                email = uniqueEmail('wrongpw');
                return [4 /*yield*/, registerThroughUi(page, email, constants_ts_1.GENESIS_CODE)];
            case 1:
                _c.sent();
                return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('login-page')).toBeVisible()];
            case 2:
                _c.sent();
                return [4 /*yield*/, loginThroughUi(page, email, 'not the right password')];
            case 3:
                _c.sent();
                return [4 /*yield*/, (0, test_1.expect)(page.getByText('Incorrect email or password.')).toBeVisible()];
            case 4:
                _c.sent();
                return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('login-page')).toBeVisible()];
            case 5:
                _c.sent();
                return [2 /*return*/];
        }
    });
}); });
(0, test_1.test)('the register form shows the SPEC §5 messages before calling the server', function (_a) { return __awaiter(void 0, [_a], void 0, function (_b) {
    var page = _b.page;
    return __generator(this, function (_c) {
        switch (_c.label) {
            case 0: return [4 /*yield*/, page.goto('/#/pages/register/index')];
            case 1:
                _c.sent();
                return [4 /*yield*/, page.getByTestId('register-submit').click()];
            case 2:
                _c.sent();
                return [4 /*yield*/, (0, test_1.expect)(page.getByText('Please enter email.')).toBeVisible()];
            case 3:
                _c.sent();
                return [2 /*return*/];
        }
    });
}); });
(0, test_1.test)('forgot password: a code from the mail sets a new password that logs in', function (_a) { return __awaiter(void 0, [_a], void 0, function (_b) {
    var email, code;
    var page = _b.page;
    return __generator(this, function (_c) {
        switch (_c.label) {
            case 0:
                email = uniqueEmail('forgot');
                return [4 /*yield*/, registerThroughUi(page, email, constants_ts_1.GENESIS_CODE)];
            case 1:
                _c.sent();
                return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('login-page')).toBeVisible()];
            case 2:
                _c.sent();
                return [4 /*yield*/, page.getByTestId('login-forgot-password').click()];
            case 3:
                _c.sent();
                return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('change-password-page')).toBeVisible()];
            case 4:
                _c.sent();
                return [4 /*yield*/, fill(page, 'change-password-email', email)];
            case 5:
                _c.sent();
                return [4 /*yield*/, page.getByTestId('change-password-code-button').click()];
            case 6:
                _c.sent();
                return [4 /*yield*/, (0, mail_ts_1.readCodeFromMail)(email, /password reset code/)];
            case 7:
                code = _c.sent();
                return [4 /*yield*/, fill(page, 'change-password-code', code)];
            case 8:
                _c.sent();
                return [4 /*yield*/, fill(page, 'change-password-new', 'the new passphrase')];
            case 9:
                _c.sent();
                return [4 /*yield*/, fill(page, 'change-password-confirm', 'the new passphrase')];
            case 10:
                _c.sent();
                return [4 /*yield*/, page.getByTestId('change-password-submit').click()];
            case 11:
                _c.sent();
                return [4 /*yield*/, loginThroughUi(page, email, 'the new passphrase')];
            case 12:
                _c.sent();
                return [4 /*yield*/, (0, test_1.expect)(page.getByTestId('login-page')).toBeHidden()];
            case 13:
                _c.sent();
                return [2 /*return*/];
        }
    });
}); });
