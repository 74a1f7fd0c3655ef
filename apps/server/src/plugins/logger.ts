import type { FastifyServerOptions } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import pinoPretty from 'pino-pretty';
import type { ChainRuntime } from '../chain/runtime.ts';
import type { Config } from '../config/env.ts';
import { configuredSecrets } from '../config/secrets.ts';
import { createRedactor, redactPersonalData, redactingStream } from '../lib/redact.ts';

/** Secrets that must never appear in a log line, wherever a serializer puts them. */
const REDACTED_PATHS = [
  'req.headers.token',
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.confirmPassword',
  '*.code',
  '*.token',
  '*.sign',
  '*.hotWalletKey',
  '*.signedTx',
];

/**
 * Where log lines go by default: standard output, as JSON lines (production, tests, a pipe or a
 * file), or as readable lines for a person (LOG_FORMAT=pretty, or development at a terminal).
 * Redaction runs before either (redactingStream), so both hide the same secrets.
 */
export function logDestination(
  config: Pick<Config, 'NODE_ENV' | 'LOG_FORMAT'>,
  isTerminal = process.stdout.isTTY,
): DestinationStream {
  const format = config.LOG_FORMAT ?? (config.NODE_ENV === 'development' && isTerminal ? 'pretty' : 'json');
  if (format === 'json') return pino.destination(1);
  return pinoPretty({ singleLine: true, sync: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' });
}

/**
 * The server's logger: secrets hidden by field (request headers, passwords, codes, keys) and, in
 * every line whatever its shape, card and identity data (card numbers by field and by value,
 * security codes, document numbers, dates of birth: lib/redact.ts) and the configured secrets
 * themselves (RPC URLs with API keys, …).
 */
export function createLoggerOptions(options: {
  config: Config;
  chains: ChainRuntime;
  /** Tests capture the log to prove secrets never reach it; default: logDestination. */
  stream?: DestinationStream | undefined;
}): NonNullable<FastifyServerOptions['logger']> {
  const redactSecrets = createRedactor(configuredSecrets(options.config, options.chains.chains));
  return {
    level: options.config.LOG_LEVEL,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    stream: redactingStream(options.stream ?? logDestination(options.config), (line) =>
      redactSecrets(redactPersonalData(line)),
    ),
  };
}
