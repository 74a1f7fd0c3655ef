// A real SMTP server for the journeys, with a tiny HTTP view of what it received, so the browser
// tests read their codes from delivered mail exactly as a member would.
import { createServer } from 'node:http';
import { startSmtpSink } from '@kpc/server/testing/smtp-sink';

const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2525);
const httpPort = Number(process.env.E2E_MAIL_HTTP_PORT ?? 2526);

const sink = await startSmtpSink({ port: smtpPort });

createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const to = url.searchParams.get('to')?.toLowerCase();
  const mails = sink.mails
    .filter(
      (mail) =>
        !to ||
        JSON.stringify(mail.to ?? '')
          .toLowerCase()
          .includes(to),
    )
    .map((mail) => ({ subject: mail.subject ?? '', text: mail.text ?? '', date: mail.date?.toISOString() ?? '' }));
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(mails));
}).listen(httpPort, '127.0.0.1', () => {
  console.log(`mail sink: smtp ${sink.url}, http http://127.0.0.1:${httpPort}/mails`);
});
