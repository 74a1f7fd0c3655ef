import { createHash, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildLiabilityTree,
  emptyPreimage,
  leafPreimage,
  nodePreimage,
  verifyLiabilityPath,
  webCryptoSha256,
  type LiabilityLeaf,
  type PathStep,
  type SumNode,
} from './liabilities.ts';

const nodeSha256 = (data: Uint8Array) => new Uint8Array(createHash('sha256').update(data).digest());
const UNIT = 10n ** 18n;

function member(index: number, balances: bigint[]): LiabilityLeaf {
  return { memberId: `member-${index}`, nonce: new Uint8Array(randomBytes(32)), balances };
}

/** Five members, two assets (USDT, KPC): an odd count, so the tree pads. */
const leaves = [
  member(1, [100n * UNIT, 0n]),
  member(2, [0n, 5n * UNIT]),
  member(3, [1n, 1n]),
  member(4, [12n * UNIT + 5n, 7n * UNIT]),
  member(5, [0n, 0n]),
];
const tree = buildLiabilityTree(leaves, nodeSha256);

const flip = (bytes: Uint8Array) => bytes.map((byte, index) => (index === 0 ? byte ^ 1 : byte));

describe('proof of liabilities: Merkle sum tree', () => {
  it('sums every balance of every asset into the root', () => {
    expect(tree.root.sums).toEqual([112n * UNIT + 6n, 12n * UNIT + 1n]);
    expect(tree.leafCount).toBe(5);
  });

  it('verifies every member’s path with WebCrypto against the tree built with node:crypto', async () => {
    for (const [index, leaf] of leaves.entries()) {
      await expect(verifyLiabilityPath(leaf, tree.pathOf(index), tree.root)).resolves.toEqual({ ok: true });
    }
    // The same bytes, whichever SHA-256 hashes them.
    const preimage = leafPreimage(leaves[0]!);
    expect(await webCryptoSha256(preimage)).toEqual(nodeSha256(preimage));
  });

  it('fails a tampered leaf: balance, nonce or member id', async () => {
    const path = tree.pathOf(3);
    const leaf = leaves[3]!;
    const tampered: LiabilityLeaf[] = [
      { ...leaf, balances: [leaf.balances[0]! - 1n, leaf.balances[1]!] },
      { ...leaf, balances: [leaf.balances[0]!, leaf.balances[1]! + 1n] },
      { ...leaf, nonce: flip(leaf.nonce) },
      { ...leaf, memberId: 'member-2' },
    ];
    for (const wrong of tampered) {
      expect((await verifyLiabilityPath(wrong, path, tree.root)).ok).toBe(false);
    }
  });

  it('fails a tampered path: a sibling’s hash, its sum, its side, a step left out', async () => {
    const path = tree.pathOf(1);
    const change = (at: number, step: Partial<PathStep>) => path.map((s, i) => (i === at ? { ...s, ...step } : s));
    const tampered: PathStep[][] = [
      change(0, { hash: flip(path[0]!.hash) }),
      change(1, { sums: [path[1]!.sums[0]! + 1n, path[1]!.sums[1]!] }),
      // Moving value from one sibling to another keeps the total but not the hashes.
      change(2, { sums: [path[2]!.sums[0]! - 1n, path[2]!.sums[1]! + 1n] }),
      change(0, { side: path[0]!.side === 'left' ? 'right' : 'left' }),
      path.slice(1),
    ];
    for (const wrong of tampered) {
      expect((await verifyLiabilityPath(leaves[1]!, wrong, tree.root)).ok).toBe(false);
    }
  });

  it('fails a published root whose hash or total is not the tree’s', async () => {
    const path = tree.pathOf(0);
    const wrongHash: SumNode = { hash: flip(tree.root.hash), sums: tree.root.sums };
    const wrongSum: SumNode = { hash: tree.root.hash, sums: [tree.root.sums[0]! - 1n, tree.root.sums[1]!] };
    expect(await verifyLiabilityPath(leaves[0]!, path, wrongHash)).toEqual({ ok: false, reason: 'root-hash' });
    expect(await verifyLiabilityPath(leaves[0]!, path, wrongSum)).toEqual({ ok: false, reason: 'root-sums' });
  });

  it('never takes a negative value: not in a leaf, not on a path, not in a root', async () => {
    expect(() => buildLiabilityTree([member(9, [-1n, 0n])], nodeSha256)).toThrow(/never negative/);
    const path = tree.pathOf(2);
    // A negative sibling could hide a balance elsewhere: 1 + (-1) = 0.
    const hiding = path.map((step, index) => (index === 0 ? { ...step, sums: [-1n, step.sums[1]!] } : step));
    expect(await verifyLiabilityPath(leaves[2]!, hiding, tree.root)).toEqual({ ok: false, reason: 'negative' });
    expect(
      await verifyLiabilityPath(leaves[2]!, path, { hash: tree.root.hash, sums: [-1n, tree.root.sums[1]!] }),
    ).toEqual({ ok: false, reason: 'negative' });
  });

  it('refuses a malformed proof instead of throwing', async () => {
    const path = tree.pathOf(0);
    expect(await verifyLiabilityPath({ ...leaves[0]!, nonce: new Uint8Array(31) }, path, tree.root)).toEqual({
      ok: false,
      reason: 'malformed',
    });
    const short = path.map((step) => ({ ...step, sums: step.sums.slice(0, 1) }));
    expect(await verifyLiabilityPath(leaves[0]!, short, tree.root)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('keeps leaves, nodes and padding apart: no preimage of one kind is one of another', () => {
    const left = { hash: new Uint8Array(32), sums: [0n] };
    const kinds = [leafPreimage(member(1, [0n])), nodePreimage(left, left), emptyPreimage(0), emptyPreimage(1)];
    const heads = kinds.map((bytes) => Buffer.from(bytes.slice(0, 20)).toString('hex'));
    expect(new Set(heads).size).toBe(3);
    expect(Buffer.from(emptyPreimage(0)).equals(Buffer.from(emptyPreimage(1)))).toBe(false);
  });

  it('holds for any number of members and balances: every path verifies, the root is the total', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.bigInt({ min: 0n, max: 10n ** 30n })), {
          minLength: 1,
          maxLength: 40,
        }),
        async (balances) => {
          const all = balances.map((pair, index) => member(index, pair));
          const built = buildLiabilityTree(all, nodeSha256);
          expect(built.root.sums).toEqual([
            balances.reduce((sum, [usdt]) => sum + usdt, 0n),
            balances.reduce((sum, [, kpc]) => sum + kpc, 0n),
          ]);
          for (const [index, leaf] of all.entries()) {
            expect(await verifyLiabilityPath(leaf, built.pathOf(index), built.root)).toEqual({ ok: true });
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});
