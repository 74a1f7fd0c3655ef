import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHAIN_SETTINGS } from './chains.ts';
import { ZEnv } from './env.ts';

/** docs/configuration.md: one row per variable, `| \`NAME\` | default | meaning |`. */
const DOC = fileURLToPath(new URL('../../../../docs/configuration.md', import.meta.url));

/** The rows of the table under "## Variables", by variable: the default cell. */
function documentedVariables(markdown: string): Map<string, string> {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Variables\n')) ?? '';
  const rows = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const name = /^`([A-Z0-9_<>a-z]+)`$/.exec(cells[1] ?? '')?.[1];
    if (!name) continue;
    if (rows.has(name)) throw new Error(`${name} is listed twice`);
    rows.set(name, cells[2] ?? '');
  }
  return rows;
}

/** What the server reads: every key of the schema, and each chain setting as CHAIN_<id>_<setting>. */
const serverVariables = [...Object.keys(ZEnv.shape), ...CHAIN_SETTINGS.map((setting) => `CHAIN_<id>_${setting}`)];

describe('docs/configuration.md', () => {
  const documented = documentedVariables(readFileSync(DOC, 'utf8'));

  it('lists exactly the variables the server reads', () => {
    expect(documented.size).toBeGreaterThan(0);
    const missing = serverVariables.filter((name) => !documented.has(name));
    const unknown = [...documented.keys()].filter((name) => !serverVariables.includes(name));
    expect({ missing, unknown }).toEqual({ missing: [], unknown: [] });
  });

  it('gives the default the schema has, where it has one', () => {
    const wrong: string[] = [];
    for (const [name, schema] of Object.entries(ZEnv.shape)) {
      const parsed = schema.safeParse(undefined);
      if (!parsed.success || parsed.data === undefined) continue; // no default: the cell explains
      const value = Array.isArray(parsed.data) ? (parsed.data as number[]).join(',') : String(parsed.data);
      const shown = /^`([^`]*)`/.exec(documented.get(name) ?? '')?.[1];
      // Paths resolve against the server's folder: the table shows them from the repository root.
      const matches = shown !== undefined && (shown === value || (shown.includes('/') && value.endsWith(`/${shown}`)));
      if (!matches) wrong.push(`${name}: schema ${value}, documented ${shown ?? '(none)'}`);
    }
    expect(wrong).toEqual([]);
  });
});
