import { isIP } from 'node:net';

/** The variables passkeys read (config/env.ts parses them). */
interface WebAuthnEnv {
  NODE_ENV: string;
  PORT: number;
  PUBLIC_URL?: string | undefined;
  WEBAUTHN_RP_ID?: string | undefined;
  WEBAUTHN_ORIGINS?: string[] | undefined;
}

/** Passkeys (Step 11 §2): the relying party id and the origins a passkey's answer may come from. */
export interface WebAuthnSettings {
  rpId: string;
  origins: string[];
}

/** WEBAUTHN_RP_ID and WEBAUTHN_ORIGINS, or PUBLIC_URL's host name and origin. */
export function webauthnSettings(parsed: WebAuthnEnv): WebAuthnSettings {
  const url = new URL(parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`);
  return { rpId: parsed.WEBAUTHN_RP_ID ?? url.hostname, origins: parsed.WEBAUTHN_ORIGINS ?? [url.origin] };
}

const isDomainOrSubdomain = (host: string, rpId: string) => host === rpId || host.endsWith(`.${rpId}`);

/** Passkeys that no browser would make, or that another site's pages could answer for. */
export function webauthnIssues(parsed: WebAuthnEnv): string[] {
  const { rpId, origins } = webauthnSettings(parsed);
  const hosts = origins.map((origin) => (URL.canParse(origin) ? new URL(origin).hostname : null));
  if (hosts.includes(null)) return ['  WEBAUTHN_ORIGINS: each must be an origin such as https://app.example.com'];
  if (parsed.NODE_ENV !== 'production') return [];
  const issues: string[] = [];
  // An IPv6 host name keeps its brackets in a URL.
  if (isIP(rpId.replace(/^\[|\]$/g, '')) !== 0) {
    issues.push(`  WEBAUTHN_RP_ID: ${rpId} is an IP address: browsers make passkeys for domain names only`);
  }
  const publicHost = new URL(parsed.PUBLIC_URL ?? `http://localhost:${parsed.PORT}`).hostname;
  if (!isDomainOrSubdomain(publicHost, rpId)) {
    issues.push(`  WEBAUTHN_RP_ID: ${rpId} must be PUBLIC_URL's host (${publicHost}) or a domain it ends with`);
  }
  const strays = origins.filter((_, index) => !isDomainOrSubdomain(hosts[index]!, rpId));
  if (strays.length > 0) issues.push(`  WEBAUTHN_ORIGINS: ${strays.join(', ')} not on ${rpId}`);
  return issues;
}
