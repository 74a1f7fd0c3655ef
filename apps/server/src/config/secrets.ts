import { secretPartsOf } from '../lib/redact.ts';
import type { ChainSettings } from './chains.ts';
import type { Config } from './env.ts';

/**
 * Every configured secret, and the secret parts of every configured URL, for the log redactor:
 * the chains' node URLs (API keys in their paths), hot wallet keys, the database, SMTP and Redis
 * URLs, the app secret and the operators' API keys. The development chain's URL is no secret.
 */
export function configuredSecrets(config: Config, chains: readonly ChainSettings[]): string[] {
  const urls = [
    ...chains.filter((chain) => !chain.isDevelopment).map((chain) => chain.rpcUrl),
    config.DATABASE_URL,
    config.SMTP_URL,
    config.REDIS_URL,
  ].filter((url) => url !== undefined && url !== null);
  return [
    ...urls.flatMap(secretPartsOf),
    ...chains.flatMap((chain) => (chain.hotWalletKey && !chain.isDevelopment ? [chain.hotWalletKey] : [])),
    ...(config.APP_SECRET ? [config.APP_SECRET] : []),
    ...(config.OPERATOR_KEYS ?? []).map((key) => key.secret),
  ];
}
