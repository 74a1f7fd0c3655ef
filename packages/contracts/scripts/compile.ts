// `npm run compile -w @kpc/contracts`: regenerate src/generated/artifacts.ts after editing a contract.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { artifactsPath, compileContracts } from './compile-contracts.ts';

writeFileSync(artifactsPath, compileContracts());
console.log(`Wrote ${relative(process.cwd(), artifactsPath)}`);
