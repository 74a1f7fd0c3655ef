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
var _a;
Object.defineProperty(exports, "__esModule", { value: true });
exports.readCodeFromMail = readCodeFromMail;
var test_1 = require("@playwright/test");
var mailUrl = "http://127.0.0.1:".concat((_a = process.env.E2E_MAIL_HTTP_PORT) !== null && _a !== void 0 ? _a : 2526, "/mails");
/** Waits for the newest mail to `to` whose subject matches, and returns its 6-digit code. */
function readCodeFromMail(to, subject) {
    return __awaiter(this, void 0, void 0, function () {
        var code;
        var _this = this;
        return __generator(this, function (_a) {
            switch (_a.label) {
                case 0:
                    code = '';
                    return [4 /*yield*/, test_1.expect
                            .poll(function () { return __awaiter(_this, void 0, void 0, function () {
                            var response, mails, mail;
                            var _a, _b, _c;
                            return __generator(this, function (_d) {
                                switch (_d.label) {
                                    case 0: return [4 /*yield*/, fetch("".concat(mailUrl, "?to=").concat(encodeURIComponent(to)))];
                                    case 1:
                                        response = _d.sent();
                                        return [4 /*yield*/, response.json()];
                                    case 2:
                                        mails = (_d.sent());
                                        mail = mails.reverse().find(function (m) { return subject.test(m.subject); });
                                        code = (_c = (_b = /\b(\d{6})\b/.exec((_a = mail === null || mail === void 0 ? void 0 : mail.text) !== null && _a !== void 0 ? _a : '')) === null || _b === void 0 ? void 0 : _b[1]) !== null && _c !== void 0 ? _c : '';
                                        return [2 /*return*/, code];
                                }
                            });
                        }); }, { timeout: 10000, message: "a mail to ".concat(to, " with a code") })
                            .toMatch(/^\d{6}$/)];
                case 1:
                    _a.sent();
                    return [2 /*return*/, code];
            }
        });
    });
}
