import { describe, expect, it } from 'vitest';
import { frameBanner, startupBanner, type StartupFacts } from './startup-banner.ts';

const development: StartupFacts = {
  production: false,
  publicUrl: 'http://localhost:8080',
  genesisInviteCode: 'GENESIS42',
  administrator: { email: 'admin@kpc.local', enrolmentUrl: 'http://localhost:8080/admin/#/enrol?token=abc' },
  mail: 'mailbox',
  devChain: [
    'Development chain: http://127.0.0.1:8545 (chain id 31337)',
    'Demo account private key: 0xac09 (a public Hardhat test key)',
  ],
};

describe('start-up banner', () => {
  it('lists what a newcomer needs, in development', () => {
    const text = startupBanner(development).join('\n');
    expect(text).toContain('Member app          http://localhost:8080 ');
    expect(text).toContain('Operator console    http://localhost:8080/admin/');
    expect(text).toContain('Genesis invitation  GENESIS42');
    expect(text).toContain(
      'admin@kpc.local: enrol (password and authenticator) at http://localhost:8080/admin/#/enrol?token=abc',
    );
    expect(text).toContain('Mailbox             http://localhost:8080/dev/mailbox');
    expect(text).toContain('API reference       http://localhost:8080/docs');
    expect(text).toContain('    Development chain: http://127.0.0.1:8545 (chain id 31337)');
    expect(text).toContain('    Demo account private key: 0xac09');
  });

  it('says how to sign in when the administrator has enrolled, or was not made', () => {
    const enrolled = startupBanner({ ...development, administrator: { email: 'admin@kpc.local', enrolmentUrl: null } });
    expect(enrolled.join('\n')).toMatch(/Operator sign-in {4}sign in at the console as an enrolled operator/);
    const none = startupBanner({ ...development, administrator: null });
    expect(none.join('\n')).toContain('npm run operator -- create');
  });

  it('says where mail goes and when there is no embedded chain', () => {
    const text = startupBanner({ ...development, mail: 'smtp', devChain: null }).join('\n');
    expect(text).toContain('Mailbox             sent through SMTP_URL');
    expect(text).not.toContain('/dev/mailbox');
    expect(text).toContain('no embedded development chain');
  });

  it('in production shows only the listening address: no code, link or key', () => {
    const lines = startupBanner({ ...development, production: true, publicUrl: 'https://kpc.example/' });
    expect(lines).toEqual(['KPC is running: https://kpc.example']);
  });

  it('frames the lines with a rule above and below', () => {
    const framed = frameBanner(['one', 'three']).split('\n');
    expect(framed).toEqual(['', '─────', 'one', 'three', '─────', '']);
  });
});
