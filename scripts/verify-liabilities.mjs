#!/usr/bin/env node
// Verifies a KPC proof of liabilities offline, with nothing but Node.js (18 or later): no package,
// no network. Give it the file the member app's "Download proof" saves (the answer of
// POST /api/pol/proof: { snapshot, proof }) and, to be sure the root is the one KPC published,
// compare the printed root hash with the public page's.
//
//   node scripts/verify-liabilities.mjs kpc-proof.json
//
// It recomputes the member's leaf from their id, secret nonce and balances, climbs the path to the
// root, and checks the root's hash and its totals. The bytes hashed are those of
// packages/shared/src/proof/liabilities.ts, written again here on purpose: an auditor's second,
// independent reading of them (scripts/verify-liabilities.test.mjs checks the two agree).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

const SCALE = 18;
const MAX_VALUE = (1n << 256n) - 1n;

const sha256 = (bytes) => createHash('sha256').update(bytes).digest();

/** A length-prefixed UTF-8 string. */
function text(value) {
  const bytes = Buffer.from(value, 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/** A decimal string of the asset in 10^-18 units; refuses a sign, an exponent, too many decimals. */
function units(decimal) {
  const match = /^(\d+)(?:\.(\d{1,18}))?$/.exec(String(decimal));
  if (!match) throw new Error(`not a non-negative decimal: ${decimal}`);
  const result = BigInt(match[1] + (match[2] ?? '').padEnd(SCALE, '0'));
  if (result > MAX_VALUE) throw new Error(`too large: ${decimal}`);
  return result;
}

/** 32 bytes, big-endian. */
const bytes32 = (amount) => Buffer.from(amount.toString(16).padStart(64, '0'), 'hex');
const sums = (amounts) => Buffer.concat(amounts.map(bytes32));

function hex32(value, what) {
  if (!/^[0-9a-f]{64}$/.test(value)) throw new Error(`${what} is not 32 bytes of hex`);
  return Buffer.from(value, 'hex');
}

/** Returns the root and totals it recomputed, or throws saying what does not hold. */
export function verify({ snapshot, proof }) {
  if (!snapshot || !proof) throw new Error('the file holds no snapshot or no proof (not in this snapshot?)');
  const count = snapshot.assets.length;
  if (proof.balances.length !== count || proof.path.some((step) => step.sums.length !== count)) {
    throw new Error('every node must have one value per asset');
  }
  const balances = proof.balances.map(units);
  let hash = sha256(
    Buffer.concat([text('KPC-PoL leaf v1'), hex32(proof.nonce, 'nonce'), text(proof.memberId), sums(balances)]),
  );
  let total = balances;
  for (const step of proof.path) {
    const stepSums = step.sums.map(units);
    const sibling = [hex32(step.hash, 'a path hash'), sums(stepSums)];
    const own = [hash, sums(total)];
    const [left, right] = step.side === 'left' ? [sibling, own] : [own, sibling];
    hash = sha256(Buffer.concat([text('KPC-PoL node v1'), ...left, ...right]));
    total = total.map((amount, index) => amount + stepSums[index]);
  }
  if (!hash.equals(hex32(snapshot.rootHash, 'the root hash')))
    throw new Error('the path does not lead to the root hash');
  const published = snapshot.totals.map(units);
  if (published.length !== count || published.some((amount, index) => amount !== total[index])) {
    throw new Error('the root hash holds, but the published totals are not its sums');
  }
  return {
    rootHash: snapshot.rootHash,
    totals: Object.fromEntries(snapshot.assets.map((a, i) => [a, snapshot.totals[i]])),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = process.argv[2];
  if (!path) {
    console.error('usage: node scripts/verify-liabilities.mjs <proof.json>');
    process.exit(2);
  }
  try {
    const file = JSON.parse(readFileSync(path, 'utf8'));
    // The call's whole answer ({ code, msg, data }) or its data.
    const { snapshot, proof } = file.data ?? file;
    const { rootHash, totals } = verify({ snapshot, proof });
    const mine = Object.fromEntries(snapshot.assets.map((asset, index) => [asset, proof.balances[index]]));
    console.log(
      `verified: your balances ${JSON.stringify(mine)} are counted in snapshot ${snapshot.id} (${snapshot.takenAt})`,
    );
    console.log(`root hash ${rootHash}; totals ${JSON.stringify(totals)} (compare with KPC's published root)`);
  } catch (error) {
    console.error(`NOT verified: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
