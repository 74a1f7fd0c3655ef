import type { DestinationStream } from 'pino';

/** Shorter strings are not worth hiding and would blank out ordinary words. */
const MIN_SECRET_LENGTH = 8;

/**
 * The parts of a URL that may be secret: the URL itself, its credentials, and the path segments
 * and query values long enough to be API keys (`/v2/<key>`, `/v3/<key>`, `?apikey=<key>`).
 */
export function secretPartsOf(url: string): string[] {
  const parts = [url];
  if (!URL.canParse(url)) return parts;
  const parsed = new URL(url);
  parts.push(decodeURIComponent(parsed.password), decodeURIComponent(parsed.username));
  for (const segment of parsed.pathname.split('/')) parts.push(decodeURIComponent(segment));
  for (const value of parsed.searchParams.values()) parts.push(value);
  return parts;
}

/**
 * Replaces every occurrence of the given secrets with `[redacted]`, longest first so a URL goes
 * whole before its parts. Secrets shorter than 8 characters are ignored.
 */
export function createRedactor(secrets: Iterable<string>): (text: string) => string {
  // Log lines are JSON: a secret with a quote or backslash appears there escaped.
  const unique = [...new Set([...secrets].flatMap((secret) => [secret, JSON.stringify(secret).slice(1, -1)]))].filter(
    (secret) => secret.length >= MIN_SECRET_LENGTH,
  );
  if (unique.length === 0) return (text) => text;
  const escaped = unique
    .sort((a, b) => b.length - a.length)
    .map((secret) => secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(escaped.join('|'), 'g');
  return (text) => text.replace(pattern, '[redacted]');
}

/**
 * A log destination that removes secrets from every line before it is written: whatever a library
 * puts in an error (viem writes the node's URL, API key included, into its messages and `url`),
 * it never reaches the log.
 */
export function redactingStream(destination: DestinationStream, redact: (text: string) => string): DestinationStream {
  return { write: (line: string) => destination.write(redact(line)) };
}
