import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDecimal } from '../packages/shared/src/money.ts';
import { buildLiabilityTree } from '../packages/shared/src/proof/liabilities.ts';
import { bytesToHex } from '../packages/shared/src/proof/wire.ts';
import { verify } from './verify-liabilities.mjs';

const sha256 = (data) => new Uint8Array(createHash('sha256').update(data).digest());
const UNIT = 10n ** 18n;
const decimal = (units) => formatDecimal(units, 18);

/** A snapshot and each member's proof, as the server answers them, from the shared implementation. */
function published(balances) {
  const leaves = balances.map((pair, index) => ({
    memberId: `member-${index}`,
    nonce: new Uint8Array(randomBytes(32)),
    balances: pair,
  }));
  const tree = buildLiabilityTree(leaves, sha256);
  const snapshot = {
    id: '7',
    takenAt: '2026-11-27T00:00:00.000Z',
    kind: 'daily',
    assets: ['USDT', 'KPC'],
    rootHash: bytesToHex(tree.root.hash),
    totals: tree.root.sums.map(decimal),
    leafCount: leaves.length,
  };
  const proofs = leaves.map((leaf, index) => ({
    memberId: leaf.memberId,
    nonce: bytesToHex(leaf.nonce),
    balances: leaf.balances.map(decimal),
    path: tree
      .pathOf(index)
      .map((step) => ({ side: step.side, hash: bytesToHex(step.hash), sums: step.sums.map(decimal) })),
  }));
  return { snapshot, proofs };
}

const { snapshot, proofs } = published([
  [100n * UNIT, 0n],
  [1n, 5n * UNIT],
  [0n, 0n],
  [12n * UNIT + 345678n * 10n ** 12n, 7n * UNIT],
  [3n, 3n],
]);

describe('verify-liabilities.mjs (the offline check, written apart from the shared one)', () => {
  it('verifies every member’s proof built by the shared implementation', () => {
    for (const proof of proofs) expect(verify({ snapshot, proof }).rootHash).toBe(snapshot.rootHash);
  });

  it('refuses a changed balance, sibling sum, side, nonce, root or total', () => {
    const proof = proofs[3];
    const step = proof.path[1];
    const tampered = [
      [{ ...proof, balances: ['12.345679', proof.balances[1]] }, snapshot],
      [{ ...proof, path: [proof.path[0], { ...step, sums: [step.sums[0], '999'] }, ...proof.path.slice(2)] }, snapshot],
      [
        {
          ...proof,
          path: [{ ...proof.path[0], side: proof.path[0].side === 'left' ? 'right' : 'left' }, ...proof.path.slice(1)],
        },
        snapshot,
      ],
      [{ ...proof, nonce: '00'.repeat(32) }, snapshot],
      [proof, { ...snapshot, rootHash: 'ff'.repeat(32) }],
      [proof, { ...snapshot, totals: ['112', snapshot.totals[1]] }],
      [{ ...proof, balances: ['-1', proof.balances[1]] }, snapshot],
    ];
    for (const [wrong, root] of tampered) expect(() => verify({ snapshot: root, proof: wrong })).toThrow();
  });

  it('runs on a downloaded file: exit 0 and "verified", or exit 1 and why not', { timeout: 30_000 }, () => {
    const directory = mkdtempSync(join(tmpdir(), 'kpc-proof-'));
    const good = join(directory, 'good.json');
    const bad = join(directory, 'bad.json');
    writeFileSync(good, JSON.stringify({ code: 200, msg: 'success', data: { snapshot, proof: proofs[0] } }));
    writeFileSync(bad, JSON.stringify({ snapshot, proof: { ...proofs[0], balances: ['101', '0'] } }));
    const script = new URL('./verify-liabilities.mjs', import.meta.url).pathname;
    const passed = spawnSync(process.execPath, [script, good], { encoding: 'utf8' });
    expect(passed.status).toBe(0);
    expect(passed.stdout).toContain('verified: your balances {"USDT":"100","KPC":"0"}');
    const failed = spawnSync(process.execPath, [script, bad], { encoding: 'utf8' });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('NOT verified: the path does not lead to the root hash');
  });
});
