import type { TLiabilityProof, TLiabilitySnapshot } from '@kpc/shared';

/**
 * The file "Download proof" saves: the answer of POST /api/pol/proof as it came, which
 * scripts/verify-liabilities.mjs checks offline (`node scripts/verify-liabilities.mjs <file>`).
 */
export function proofFileName(snapshot: TLiabilitySnapshot): string {
  return `kpc-proof-${snapshot.takenAt.slice(0, 10)}-${snapshot.id}.json`;
}

export function proofFileText(snapshot: TLiabilitySnapshot, proof: TLiabilityProof): string {
  return `${JSON.stringify({ snapshot, proof }, null, 2)}\n`;
}

/** Saves the proof as a file on the member's device. */
export function downloadProof(snapshot: TLiabilitySnapshot, proof: TLiabilityProof): void {
  const url = URL.createObjectURL(new Blob([proofFileText(snapshot, proof)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = proofFileName(snapshot);
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its own copy once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
