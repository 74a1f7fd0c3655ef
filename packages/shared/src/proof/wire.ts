import { LEDGER_SCALE, parseDecimal } from '../money.ts';
import type { TLiabilityProof, TLiabilitySnapshot } from '../schemas/proof.ts';
import { verifyLiabilityPath, webCryptoSha256, type ProofVerdict, type Sha256 } from './liabilities.ts';

export function hexToBytes(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index += 1)
    bytes[index] = parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

export function bytesToHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const units = (values: string[]) => values.map((value) => parseDecimal(value, LEDGER_SCALE));

/**
 * Checks a member's proof as the wire carries it against the published snapshot: the member app's
 * "Verify my balance" and the offline script both call this. A value that is not a plain decimal
 * makes the proof malformed, never a throw.
 */
export async function verifyLiabilityProof(
  snapshot: Pick<TLiabilitySnapshot, 'rootHash' | 'totals'>,
  proof: TLiabilityProof,
  sha256: Sha256 = webCryptoSha256,
): Promise<ProofVerdict> {
  let decoded;
  try {
    decoded = {
      leaf: { memberId: proof.memberId, nonce: hexToBytes(proof.nonce), balances: units(proof.balances) },
      path: proof.path.map((step) => ({ side: step.side, hash: hexToBytes(step.hash), sums: units(step.sums) })),
      root: { hash: hexToBytes(snapshot.rootHash), sums: units(snapshot.totals) },
    };
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  return verifyLiabilityPath(decoded.leaf, decoded.path, decoded.root, sha256);
}
