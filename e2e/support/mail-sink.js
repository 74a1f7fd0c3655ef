"use strict";
var _a, _b;
Object.defineProperty(exports, "__esModule", { value: true });
// A real SMTP server for the journeys, with a tiny HTTP view of what it received, so the browser
// tests read their codes from delivered mail exactly as a member would.
var node_http_1 = require("node:http");
var smtp_sink_1 = require("@kpc/server/testing/smtp-sink");
var smtpPort = Number((_a = process.env.E2E_SMTP_PORT) !== null && _a !== void 0 ? _a : 2525);
var httpPort = Number((_b = process.env.E2E_MAIL_HTTP_PORT) !== null && _b !== void 0 ? _b : 2526);
var sink = await (0, smtp_sink_1.startSmtpSink)({ port: smtpPort });
(0, node_http_1.createServer)(function (request, response) {
    var _a, _b;
    var url = new URL((_a = request.url) !== null && _a !== void 0 ? _a : '/', 'http://localhost');
    var to = (_b = url.searchParams.get('to')) === null || _b === void 0 ? void 0 : _b.toLowerCase();
    var mails = sink.mails
        .filter(function (mail) { var _a; return !to || JSON.stringify((_a = mail.to) !== null && _a !== void 0 ? _a : '').toLowerCase().includes(to); })
        .map(function (mail) { var _a, _b, _c, _d; return ({ subject: (_a = mail.subject) !== null && _a !== void 0 ? _a : '', text: (_b = mail.text) !== null && _b !== void 0 ? _b : '', date: (_d = (_c = mail.date) === null || _c === void 0 ? void 0 : _c.toISOString()) !== null && _d !== void 0 ? _d : '' }); });
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(mails));
}).listen(httpPort, '127.0.0.1', function () {
    console.log("mail sink: smtp ".concat(sink.url, ", http http://127.0.0.1:").concat(httpPort, "/mails"));
});
