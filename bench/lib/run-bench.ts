import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { killAllNow } from './processes.ts';
import { cleanUp } from './setup.ts';

/** The databases a server benchmark runs on. */
export type DbKind = 'pglite' | 'postgres';

/** What `--db` accepts, and the databases each choice measures, in order. */
export const DB_CHOICES: Record<string, DbKind[]> = {
  pglite: ['pglite'],
  postgres: ['postgres'],
  both: ['pglite', 'postgres'],
};

const RESULTS_DIR = fileURLToPath(new URL('../results', import.meta.url));

/** A whole-number option from 1 to `max`. */
export function positiveInt(name: string, value: string, max: number): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1 || number > max) throw new Error(`--${name}: 1 to ${max}`);
  return number;
}

export function log(db: DbKind, message: string): void {
  console.log(`[${new Date().toISOString().slice(11, 19)}] [${db}] ${message}`);
}

let interrupted = false;

/**
 * Runs a benchmark on each database asked for: writes `bench/results/<name>-<db>.json` after each,
 * then prints every report. Child processes, temporary directories and databases are cleaned up
 * after each database, on failure and on Ctrl-C. Exit code 2 for bad options, 1 if it could not run.
 */
export async function runBench<Options extends { dbs: DbKind[] }, Report>(bench: {
  /** Names the results files. */
  name: string;
  /** Names the benchmark in the failure message. */
  title: string;
  /** Throws with a message for the user when the options are wrong. */
  parseOptions: () => Options;
  benchDatabase: (db: DbKind, options: Options) => Promise<Report>;
  print: (reports: Report[], options: Options) => void;
}): Promise<void> {
  let options: Options;
  try {
    options = bench.parseOptions();
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 2;
    return;
  }
  process.on('exit', killAllNow);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      interrupted = true;
      console.error(`\n${signal}: cleaning up`);
      void cleanUp().finally(() => process.exit(130));
    });
  }

  const reports: Report[] = [];
  try {
    await mkdir(RESULTS_DIR, { recursive: true });
    for (const db of options.dbs) {
      const report = await bench.benchDatabase(db, options);
      reports.push(report);
      const file = join(RESULTS_DIR, `${bench.name}-${db}.json`);
      await writeFile(file, `${JSON.stringify(report, null, 2)}\n`);
      log(db, `results written to ${file}`);
      await cleanUp(); // drop this database's temp dirs and database before the next one
    }
    bench.print(reports, options);
  } catch (error) {
    if (interrupted) return; // the signal handler cleans up and exits
    console.error(`${bench.title} failed: ${(error as Error).stack ?? String(error)}`);
    process.exitCode = 1;
  } finally {
    await cleanUp();
  }
}
