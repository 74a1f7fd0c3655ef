import { i18n } from './i18n.ts';

/** The development chain (Hardhat's 31337) the server starts when no node is configured. */
export const LOCAL_CHAIN_ID = 31337;

/**
 * A network's name as the console shows it: the server's own name (e.g. "Polygon"), except for the
 * local development chain, named in the interface language. Call it while rendering, so a language
 * change renames it.
 */
export function networkName(chainId: number | null | undefined, serverName: string): string {
  return chainId === LOCAL_CHAIN_ID ? i18n.t('chains.localTest') : serverName;
}
