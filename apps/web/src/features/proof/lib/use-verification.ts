import { verifyLiabilityProof, type TLiabilityProof, type TLiabilitySnapshot } from '@kpc/shared';
import { useQuery } from '@tanstack/react-query';
import { PROOF_QUERY_ROOT } from '@/features/proof/api/get-liabilities.ts';

/**
 * What the app concluded about the member's proof:
 * - `verified`: their leaf, climbed up their path with WebCrypto, gives the published root's hash
 *   and totals;
 * - `failed` with the reason (a changed leaf or path, a root or total that does not match, a value
 *   that is not a plain non-negative amount);
 * - `unsupported`: this browser has no WebCrypto here (a page not served over HTTPS), so only the
 *   downloaded file can be checked.
 */
export type Verification =
  | { state: 'verified' }
  | { state: 'failed'; reason: 'malformed' | 'negative' | 'root-hash' | 'root-sums' }
  | { state: 'unsupported' };

async function verify(published: TLiabilitySnapshot, proof: TLiabilityProof): Promise<Verification> {
  if (!globalThis.crypto?.subtle) return { state: 'unsupported' };
  const verdict = await verifyLiabilityProof(published, proof);
  return verdict.ok ? { state: 'verified' } : { state: 'failed', reason: verdict.reason };
}

/** Checks `proof` against the snapshot published to everyone (not the copy beside the proof). */
export function useVerification(published: TLiabilitySnapshot | undefined, proof: TLiabilityProof | undefined) {
  return useQuery({
    queryKey: [...PROOF_QUERY_ROOT, 'verification', published?.id, published?.rootHash, proof] as const,
    queryFn: () => verify(published!, proof!),
    enabled: published !== undefined && proof !== undefined,
    staleTime: Infinity,
  });
}
