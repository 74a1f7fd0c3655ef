/**
 * Proof of liabilities (Step 11 §1): a Merkle sum tree over every member's balances, one sum per
 * asset, as Summa and BitMEX build theirs.
 *
 * - A leaf commits a member's id, a secret per-member nonce and their balance of each asset; only
 *   the member gets the nonce, so a leaf (or a sibling on someone's path) reveals nothing.
 * - A node commits each child's hash and each child's sums separately, and carries their total:
 *   a node cannot claim a total its children do not add up to, and no value is ever negative, so
 *   no balance can be hidden by a negative one elsewhere in the tree.
 * - The root's sums are the programme's published liabilities per asset.
 *
 * The tree is built on the server with a synchronous SHA-256 (node:crypto) and checked in the
 * member app and offline with WebCrypto: both hash the same bytes, defined here once.
 */

/** Values are integers in the ledger's units (10^-18 of an asset), each below 2^256. */
const VALUE_BYTES = 32;
const MAX_VALUE = (1n << BigInt(VALUE_BYTES * 8)) - 1n;
const HASH_BYTES = 32;

const LEAF_TAG = 'KPC-PoL leaf v1';
const NODE_TAG = 'KPC-PoL node v1';
const EMPTY_TAG = 'KPC-PoL empty v1';

export interface SumNode {
  hash: Uint8Array;
  /** One per asset of the snapshot, in its order. */
  sums: bigint[];
}

export interface LiabilityLeaf {
  memberId: string;
  /** 32 random bytes, kept per member per snapshot and shown only to that member. */
  nonce: Uint8Array;
  balances: bigint[];
}

/** One step up from a leaf: the sibling's hash and sums, and which side it sits on. */
export interface PathStep {
  side: 'left' | 'right';
  hash: Uint8Array;
  sums: bigint[];
}

export interface LiabilityTree {
  root: SumNode;
  leafCount: number;
  /** Every level, the leaves first and the root last (the server stores them all). */
  levels: readonly SumNode[][];
  /** The path of the leaf at `index` (the order the leaves were given in). */
  pathOf(index: number): PathStep[];
}

export type SyncSha256 = (data: Uint8Array) => Uint8Array;
export type Sha256 = (data: Uint8Array) => Promise<Uint8Array>;

/** SHA-256 with WebCrypto (browsers and Node alike); the copy is a plain ArrayBuffer's view, as digest() types it. */
export const webCryptoSha256: Sha256 = async (data) =>
  new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', new Uint8Array(data)));

const utf8 = new TextEncoder();

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** A length-prefixed string: no two different (tag, id) pairs share bytes. */
function text(value: string): Uint8Array {
  const bytes = utf8.encode(value);
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, bytes.length);
  return concat([length, bytes]);
}

/** A value as 32 bytes, big-endian; refuses a negative or oversized one. */
function value(amount: bigint): Uint8Array {
  if (amount < 0n) throw new RangeError('a liability is never negative');
  if (amount > MAX_VALUE) throw new RangeError('a liability does not fit 256 bits');
  const out = new Uint8Array(VALUE_BYTES);
  let rest = amount;
  for (let index = VALUE_BYTES - 1; index >= 0 && rest > 0n; index -= 1) {
    out[index] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return out;
}

function sumsBytes(sums: bigint[]): Uint8Array {
  return concat(sums.map(value));
}

export function leafPreimage(leaf: LiabilityLeaf): Uint8Array {
  if (leaf.nonce.length !== 32) throw new RangeError('a leaf nonce is 32 bytes');
  return concat([text(LEAF_TAG), leaf.nonce, text(leaf.memberId), sumsBytes(leaf.balances)]);
}

export function nodePreimage(left: SumNode, right: SumNode): Uint8Array {
  return concat([text(NODE_TAG), left.hash, sumsBytes(left.sums), right.hash, sumsBytes(right.sums)]);
}

/** The stand-in for a missing right child at `level` (0 = leaves): zero sums, a hash no leaf can have. */
export function emptyPreimage(level: number): Uint8Array {
  return concat([text(EMPTY_TAG), value(BigInt(level))]);
}

function addSums(left: bigint[], right: bigint[]): bigint[] {
  if (left.length !== right.length) throw new RangeError('every node has one sum per asset');
  return left.map((sum, index) => sum + (right[index] ?? 0n));
}

/**
 * Builds the tree over `leaves` (at least one; each with one balance per asset). Keeps every level
 * so paths can be read off it.
 */
export function buildLiabilityTree(leaves: LiabilityLeaf[], sha256: SyncSha256): LiabilityTree {
  if (leaves.length === 0) throw new RangeError('a tree needs a leaf');
  const assetCount = leaves[0]!.balances.length;
  const levels: SumNode[][] = [
    leaves.map((leaf) => {
      if (leaf.balances.length !== assetCount) throw new RangeError('every leaf has one balance per asset');
      return { hash: sha256(leafPreimage(leaf)), sums: [...leaf.balances] };
    }),
  ];
  while (levels[levels.length - 1]!.length > 1) {
    const level = levels.length - 1;
    const below = levels[level]!;
    const above: SumNode[] = [];
    for (let index = 0; index < below.length; index += 2) {
      const left = below[index]!;
      const right = below[index + 1] ?? { hash: sha256(emptyPreimage(level)), sums: left.sums.map(() => 0n) };
      above.push({ hash: sha256(nodePreimage(left, right)), sums: addSums(left.sums, right.sums) });
    }
    levels.push(above);
  }
  return {
    root: levels[levels.length - 1]![0]!,
    leafCount: leaves.length,
    levels,
    pathOf(leafIndex) {
      if (!Number.isInteger(leafIndex) || leafIndex < 0 || leafIndex >= leaves.length) {
        throw new RangeError('no such leaf');
      }
      const path: PathStep[] = [];
      let index = leafIndex;
      for (let level = 0; level < levels.length - 1; level += 1) {
        const nodes = levels[level]!;
        const isLeft = index % 2 === 0;
        const sibling = nodes[isLeft ? index + 1 : index - 1] ?? {
          hash: sha256(emptyPreimage(level)),
          sums: nodes[index]!.sums.map(() => 0n),
        };
        path.push({ side: isLeft ? 'right' : 'left', hash: sibling.hash, sums: [...sibling.sums] });
        index = Math.floor(index / 2);
      }
      return path;
    },
  };
}

export type ProofVerdict = { ok: true } | { ok: false; reason: 'malformed' | 'negative' | 'root-hash' | 'root-sums' };

function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index]);
}

/**
 * Recomputes the root from a member's leaf and path and compares it with the published root: the
 * member's balances are in the published liabilities exactly when this says ok.
 */
export async function verifyLiabilityPath(
  leaf: LiabilityLeaf,
  path: PathStep[],
  root: SumNode,
  sha256: Sha256 = webCryptoSha256,
): Promise<ProofVerdict> {
  const assetCount = leaf.balances.length;
  const shaped = (node: { hash: Uint8Array; sums: bigint[] }) =>
    node.hash.length === HASH_BYTES && node.sums.length === assetCount;
  if (leaf.nonce.length !== 32 || !shaped(root) || !path.every(shaped)) return { ok: false, reason: 'malformed' };
  const values = [...leaf.balances, ...path.flatMap((step) => step.sums), ...root.sums];
  if (values.some((amount) => amount < 0n || amount > MAX_VALUE)) return { ok: false, reason: 'negative' };
  let node: SumNode = { hash: await sha256(leafPreimage(leaf)), sums: [...leaf.balances] };
  for (const step of path) {
    const sibling = { hash: step.hash, sums: step.sums };
    const [left, right] = step.side === 'left' ? [sibling, node] : [node, sibling];
    node = { hash: await sha256(nodePreimage(left, right)), sums: addSums(left.sums, right.sums) };
  }
  if (!equalBytes(node.hash, root.hash)) return { ok: false, reason: 'root-hash' };
  if (node.sums.some((sum, index) => sum !== root.sums[index])) return { ok: false, reason: 'root-sums' };
  return { ok: true };
}
