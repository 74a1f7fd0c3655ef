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

// ---------------------------------------------------------------------------------------------
// Card and identity data (issue 23 item 9): card numbers, security codes, document numbers and
// dates of birth never reach the log, by field name at any depth and, for card numbers, by value.

const REDACTED = '[redacted]';

/** Field names, lower-cased without `_`, `-`, `.` or spaces, that are card or identity data whole. */
const SENSITIVE_NAMES = new Set(['pan', 'cvv', 'cvc', 'cvv2', 'cvc2', 'cav2', 'cid2', 'csc', 'cvn', 'dob', 'ssn']);
/** Parts of a field name that make it card or identity data: `holderDateOfBirth`, `card_cvv`, `passportNo`. */
const SENSITIVE_PARTS = [
  'cardnumber',
  'cardno',
  'primaryaccountnumber',
  'accountnumber',
  'cvv',
  'cvc',
  'securitycode',
  'cardverification',
  'documentnumber',
  'documentno',
  'docnumber',
  'passport',
  'idnumber',
  'idcardnumber',
  'nationalid',
  'identitynumber',
  'licencenumber',
  'licensenumber',
  'dateofbirth',
  'birthdate',
  'birthday',
];

/** Whether a field of this name holds card or identity data (any case, camel or snake). */
export function isSensitiveFieldName(name: string): boolean {
  const key = name.toLowerCase().replace(/[^a-z0-9]/g, '');
  return SENSITIVE_NAMES.has(key) || key.endsWith('dob') || SENSITIVE_PARTS.some((part) => key.includes(part));
}

/**
 * Runs of digit groups joined by single separators (a space, `-`, `+` or `%20` as in a URL), not
 * inside a word or a longer number: where a typed card number can be.
 */
const DIGIT_RUN = /(?:(?<![0-9A-Za-z%])|(?<=%20))\d+(?:(?:[ +-]|%20)\d+)*(?![0-9A-Za-z])/g;
const RUN_SEPARATOR = /(%20|[ +-])/;
const PAN_MIN_DIGITS = 13;
const PAN_MAX_DIGITS = 19;

/** The Luhn check every payment card number passes (and 9 in 10 other digit runs fail). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/**
 * A run with every card number in it (13-19 digits over whole groups, Luhn-valid) replaced:
 * `order 12 4111 1111 1111 1111` loses the card number and keeps `12`.
 */
function redactCardNumbersInRun(run: string): string {
  // [group, separator, group, separator, …, group]
  const tokens = run.split(RUN_SEPARATOR);
  const groups = tokens.filter((_token, index) => index % 2 === 0);
  const out: string[] = [];
  let changed = false;
  for (let first = 0; first < groups.length; first++) {
    let digits = '';
    let last = -1;
    for (let end = first; end < groups.length; end++) {
      digits += groups[end];
      if (digits.length > PAN_MAX_DIGITS) break;
      if (digits.length >= PAN_MIN_DIGITS && passesLuhn(digits)) last = end;
    }
    if (last >= 0) {
      out.push(REDACTED);
      changed = true;
      first = last;
    } else out.push(groups[first]!);
    if (first < groups.length - 1) out.push(tokens[first * 2 + 1]!);
  }
  return changed ? out.join('') : run;
}

/**
 * `name=value`, `name: value` and `"name":"value"` inside a text (a URL's query, an error message
 * quoting a body): the value goes when the name is a sensitive one.
 */
const EMBEDDED_FIELD =
  /(["']?)([A-Za-z][\w.-]*)\1(\s*[:=]\s*)(\[redacted\]|"(?:[^"\\]|\\.)*"|'[^']*'|[^\s&,;}\])"']+)/g;

/** Card numbers (Luhn-valid runs of 13-19 digits) and sensitive `name=value` pairs removed from a text. */
export function redactSensitiveText(text: string): string {
  return text
    .replace(EMBEDDED_FIELD, (whole, quote: string, name: string, separator: string) =>
      isSensitiveFieldName(name) ? `${quote}${name}${quote}${separator}${REDACTED}` : whole,
    )
    .replace(DIGIT_RUN, redactCardNumbersInRun);
}

/** A cheap first look: most lines have neither, and are written as they are. */
const MAYBE_SENSITIVE_NAME =
  /pan|cv[vcn]|cav2|cid2|csc|dob|ssn|card.?n|account.?n|security.?code|card.?verif|doc(?:ument)?.?n|passport|id.?(?:card.?)?n|national|identity|licen[cs]e.?n|birth/i;

function mayHoldSensitiveData(text: string): boolean {
  if (MAYBE_SENSITIVE_NAME.test(text)) return true;
  return (text.match(DIGIT_RUN) ?? []).some((run) => redactCardNumbersInRun(run) !== run);
}

/** The value with sensitive fields (at any depth) and card numbers in strings redacted; numbers are left alone. */
function redactValue(value: unknown): unknown {
  if (typeof value === 'string') return redactSensitiveText(value);
  if (Array.isArray(value)) return value.map(redactValue);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        isSensitiveFieldName(key) && inner !== null && inner !== undefined ? REDACTED : redactValue(inner),
      ]),
    );
  }
  return value;
}

/**
 * Removes card and identity data from one log line (pino writes JSON): every field named like a
 * card number, security code, document number or date of birth, at any depth, and every
 * Luhn-valid 13-19 digit run (spaces or dashes allowed) in any string, wherever a serializer or
 * an error message put it. A line that is not JSON is treated as text.
 */
export function redactPersonalData(line: string): string {
  if (!mayHoldSensitiveData(line)) return line;
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return redactSensitiveText(line);
  }
  if (parsed === null || typeof parsed !== 'object') return redactSensitiveText(line);
  const redacted = JSON.stringify(redactValue(parsed));
  return line.endsWith('\n') ? `${redacted}\n` : redacted;
}
