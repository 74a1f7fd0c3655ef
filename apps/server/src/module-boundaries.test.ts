import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * A module reads and writes only its own tables; another module's rows come through functions that
 * module exports (ARCHITECTURE "Modules"). This test reads the source of every module under
 * `modules/<name>/`, of `ledger/` and of `plugins/` (tests aside) and fails when one names a table it does not own,
 * whether as a Drizzle table object imported from `db/schema` or as a table name in raw SQL.
 */

const SRC = dirname(fileURLToPath(import.meta.url));
const SCHEMA = join(SRC, 'db/schema');

/**
 * Which modules own the tables of each schema file (`db/schema/<file>.ts`). Unlisted files belong
 * to the module of their own name. A file holding one domain's tables may serve two modules of it.
 */
const SCHEMA_OWNERS: Record<string, readonly string[]> = {
  channels: ['recharge'], // payment channels: switched by the recharge module's operator routes
  klk: ['klk', 'activation-code'], // activation codes are what KLK purchases issue
  node: ['node', 'stockholder'],
  operators: ['operators', 'audit'],
  passkeys: ['two-step'], // the other kind of second step, beside the authenticator (two-step.ts)
};

/**
 * Tables owned otherwise than their schema file says. Reference data (assets, KPC prices, exchange
 * pairs) is configuration: the config module writes it (operator terms), the ledger reads it
 * (`ledger/reference-data.ts`, which every other module asks).
 */
const TABLE_OWNERS: Record<string, readonly string[]> = {
  assets: ['ledger', 'config'],
  exchange_pairs: ['ledger', 'config'],
  kpc_prices: ['ledger', 'config'],
};

/**
 * Tables every module may name. `members`: the identity row every other row refers to (its email
 * or address shown beside a module's own rows); `settings`: server-wide key/value pairs, each key
 * belonging to the code that uses it; `financial_records`: the member's one history of money
 * movements, each money module writing its own kind of record in its cause's transaction.
 */
const SHARED_TABLES = new Set(['members', 'settings', 'financial_records']);

/**
 * Modules whose purpose is to read across the others, read-only: `exports` (CSV reports of every
 * product), `dashboard` (the operator's daily figures over every module) and `dev` (development
 * tools: the mailbox, card delivery; never mounted in production).
 */
const READS_ACROSS = new Set(['exports', 'dashboard', 'dev']);

/**
 * Reads across a boundary not yet moved behind the owner's functions, file by file. Shrink it;
 * never grow it: a new entry needs the owner's function instead.
 */
const KNOWN: Record<string, readonly string[]> = {
  // The operator's member lists page by the team tree's key (search results, a member's invitees).
  'modules/members/records.ts': ['member_team', 'member_tree'],
  'modules/members/search.ts': ['member_tree'],
};

interface TableInfo {
  table: string;
  owners: readonly string[];
}

/** Every table of the schema: by its Drizzle export name and by its SQL name. */
function readSchema(): { byExport: Map<string, TableInfo>; byName: Map<string, TableInfo> } {
  const byExport = new Map<string, TableInfo>();
  const byName = new Map<string, TableInfo>();
  for (const file of readdirSync(SCHEMA)) {
    if (!file.endsWith('.ts') || file === 'index.ts') continue;
    const domain = file.slice(0, -'.ts'.length);
    const owners = SCHEMA_OWNERS[domain] ?? [domain];
    const source = readFileSync(join(SCHEMA, file), 'utf8');
    for (const match of source.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) {
      const info = { table: match[2]!, owners: TABLE_OWNERS[match[2]!] ?? owners };
      byExport.set(match[1]!, info);
      byName.set(match[2]!, info);
    }
  }
  return { byExport, byName };
}

/** Source files of each module (tests aside), with the module they belong to. */
function moduleFiles(): { path: string; module: string }[] {
  const files: { path: string; module: string }[] = [];
  const walk = (dir: string, module: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path, module);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) files.push({ path, module });
    }
  };
  walk(join(SRC, 'ledger'), 'ledger');
  walk(join(SRC, 'plugins'), 'plugins'); // owns no table: asks the modules
  for (const entry of readdirSync(join(SRC, 'modules'), { withFileTypes: true })) {
    if (entry.isDirectory()) walk(join(SRC, 'modules', entry.name), entry.name);
  }
  return files;
}

const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

/** The tables a source names: table objects imported from `db/schema` or queried by name, table names after SQL keywords. */
function tablesNamed(source: string, schema: ReturnType<typeof readSchema>): Set<string> {
  const tables = new Set<string>();
  const code = withoutComments(source);
  for (const match of code.matchAll(
    /import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'[^']*\/db\/schema(?:\/[\w-]+)?(?:\.ts)?'/g,
  )) {
    for (const part of match[1]!.split(',')) {
      const name = part
        .replace(/\btype\s+/, '')
        .split(/\s+as\s+/)[0]!
        .trim();
      const info = schema.byExport.get(name);
      if (info) tables.add(info.table);
    }
  }
  // Drizzle's relational queries name a table by its export: `db.query.cards.findFirst(...)`.
  for (const match of code.matchAll(/\.query\.(\w+)\b/g)) {
    const info = schema.byExport.get(match[1]!);
    if (info) tables.add(info.table);
  }
  for (const match of code.matchAll(/\b(?:from|join|update|into|table)\s+"?([a-z_][a-z0-9_]*)"?/gi)) {
    const info = schema.byName.get(match[1]!.toLowerCase());
    if (info) tables.add(info.table);
  }
  return tables;
}

/** Each `file: table` a module names without owning it, beyond the shared tables and the known list. */
function violations(files: { path: string; source: string; module: string }[]): string[] {
  const schema = readSchema();
  const found: string[] = [];
  for (const { path, source, module } of files) {
    if (READS_ACROSS.has(module)) continue;
    const file = relative(SRC, path).split('\\').join('/');
    for (const table of tablesNamed(source, schema)) {
      const owners = schema.byName.get(table)!.owners;
      if (owners.includes(module) || SHARED_TABLES.has(table) || KNOWN[file]?.includes(table)) continue;
      found.push(`${file}: ${table} (owned by ${owners.join(', ')})`);
    }
  }
  return found.sort();
}

const sources = () => moduleFiles().map((file) => ({ ...file, source: readFileSync(file.path, 'utf8') }));

describe('module boundaries', () => {
  it('no module names a table of another module', () => {
    expect(violations(sources())).toEqual([]);
  });

  it('the known reads across modules are still there (remove an entry once it is gone)', () => {
    const schema = readSchema();
    const byFile = new Map(sources().map((file) => [relative(SRC, file.path).split('\\').join('/'), file.source]));
    const stale = Object.entries(KNOWN).flatMap(([file, tables]) => {
      const named = tablesNamed(byFile.get(file) ?? '', schema);
      return tables.filter((table) => !named.has(table)).map((table) => `${file}: ${table}`);
    });
    expect(stale).toEqual([]);
  });

  it('catches a table object imported from db/schema, queried by name or named in raw SQL', () => {
    const module = { path: join(SRC, 'modules/plan/example.ts'), module: 'plan' };
    const imported = `import { cards, planOrders } from '../../db/schema/index.ts';`;
    const raw =
      'const q = sql`select sum(p.amount) from ledger_postings p join ledger_accounts a on a.id = p.account_id`;';
    const relational = 'const card = await db.query.cards.findFirst();';
    expect(violations([{ ...module, source: imported }])).toEqual(['modules/plan/example.ts: cards (owned by card)']);
    expect(violations([{ ...module, source: relational }])).toEqual(['modules/plan/example.ts: cards (owned by card)']);
    expect(violations([{ ...module, source: raw }])).toEqual([
      'modules/plan/example.ts: ledger_accounts (owned by ledger)',
      'modules/plan/example.ts: ledger_postings (owned by ledger)',
    ]);
  });
});
