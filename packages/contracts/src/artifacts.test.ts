import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { artifactsPath, compileContracts } from '../scripts/compile-contracts.ts';

it('src/generated/artifacts.ts matches a fresh compile of contracts/*.sol', () => {
  const committed = readFileSync(artifactsPath, 'utf8');
  // Compared as a boolean: a diff of the bytecode would be unreadable anyway.
  expect(committed === compileContracts(), 'stale artifacts: run `npm run compile -w @kpc/contracts`').toBe(true);
});
