/**
 * The few lines a person at the terminal needs once the server listens (issue 27 §4): where to
 * open the app and the console, how to become the first member and the first operator, where the
 * mail goes and how to point a wallet at the local chain. Development only: in production the
 * banner is the listening address alone, so no code, link or key reaches a production log.
 */
export interface StartupFacts {
  production: boolean;
  /** PUBLIC_URL, or http://localhost:$PORT. */
  publicUrl: string;
  genesisInviteCode: string;
  /** The development administrator and, while it has not enrolled, its enrolment link; null: none made. */
  administrator: { email: string; enrolmentUrl: string | null } | null;
  /** Mail: through SMTP_URL, in the development mailbox, or kept in the outbox unread. */
  mail: 'smtp' | 'mailbox' | 'outbox';
  /** The embedded development chain's lines (network, demo account and key, tokens); null: not running. */
  devChain: string[] | null;
}

/** The banner's lines, without framing: a pure function so a test can prove no item goes missing. */
export function startupBanner(facts: StartupFacts): string[] {
  const url = facts.publicUrl.replace(/\/+$/, '');
  if (facts.production) return [`KPC is running: ${url}`];
  const administrator = facts.administrator;
  const signIn = !administrator
    ? 'none made here; create one with npm run operator -- create --email … --name … --role admin'
    : administrator.enrolmentUrl
      ? `${administrator.email}: enrol (password and authenticator) at ${administrator.enrolmentUrl}`
      : `sign in at the console as an enrolled operator (the first start made ${administrator.email})`;
  const mail = {
    smtp: 'sent through SMTP_URL',
    mailbox: `${url}/dev/mailbox (every mail and its code)`,
    outbox: 'kept in the outbox, not shown (DEV_MAILBOX is off)',
  }[facts.mail];
  return [
    'KPC is running (development)',
    `  Member app          ${url}  (a phone-sized window, 390×844)`,
    `  Operator console    ${url}/admin/`,
    `  Genesis invitation  ${facts.genesisInviteCode}  (register the first member with it)`,
    `  Operator sign-in    ${signIn}`,
    `  Mailbox             ${mail}`,
    `  API reference       ${url}/docs`,
    ...(facts.devChain
      ? [
          '  Demo wallet         on the embedded development chain (no CHAIN_<id>_RPC_URL configured):',
          ...facts.devChain.map((line) => `    ${line}`),
        ]
      : ['  Chain               no embedded development chain (DEV_CHAIN=off, or a CHAIN_<id>_RPC_URL is set)']),
  ];
}

/** The banner framed by rules above and below, ready for the terminal. */
export function frameBanner(lines: string[]): string {
  const rule = '─'.repeat(Math.min(100, Math.max(...lines.map((line) => line.length))));
  return `\n${rule}\n${lines.join('\n')}\n${rule}\n`;
}
