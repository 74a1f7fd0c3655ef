import type { FastifyServerOptions } from 'fastify';
import pino, { type DestinationStream } from 'pino';
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
 * The server's logger: secrets hidden by field (request headers, passwords, codes, keys) and, in
 * every line whatever its shape, card and identity data (card numbers by field and by value,
 * security codes, document numbers, dates of birth: lib/redact.ts) and the configured secrets
 * themselves (RPC URLs with API keys, …).
 */
export function createLoggerOptions(options: {
  config: Config;
  chains: ChainRuntime;
  /** Tests capture the log to prove secrets never reach it; default: standard output. */
  stream?: DestinationStream | undefined;
}): NonNullable<FastifyServerOptions['logger']> {
  const redactSecrets = createRedactor(configuredSecrets(options.config, options.chains.chains));
  return {
    level: options.config.LOG_LEVEL,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    stream: redactingStream(options.stream ?? pino.destination(1), (line) => redactSecrets(redactPersonalData(line))),
  };
}
