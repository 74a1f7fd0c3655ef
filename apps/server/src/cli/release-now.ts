/**
 * Runs the plan release engine once, now, for an operator (issue 10 §4: "can be started by hand"):
 *
 *   DATABASE_URL=postgres://… npm run release:now -w @kpc/server
 *
 * It reads the server's configuration (the same variables, the same refusals), releases everything
 * due by the real clock — never a moved one — with `PLAN_RELEASE_WORKERS`, and prints what it
 * released as one JSON line. Running servers are not disturbed: the engine's advisory locks keep it
 * and their scheduled runs apart, and whichever comes second finds the periods released.
 * PostgreSQL only: the embedded PGlite database belongs to the one server process that opened it.
 */
import { loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { systemClock } from '../lib/clock.ts';
import { runReleaseEngine } from '../modules/plan/release-engine.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
if (!config.DATABASE_URL) {
  console.error(
    'release:now needs DATABASE_URL: on the embedded database the running server releases on its schedule ' +
      '(PLAN_RELEASE_SECONDS), and in development the clock panel or POST /api/dev/clock/advance runs it.',
  );
  process.exit(1);
}
const workers = config.PLAN_RELEASE_WORKERS;
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  poolSize: workers + 1,
  connectTimeoutSeconds: config.DATABASE_CONNECT_SECONDS,
});
try {
  const started = performance.now();
  const result = await runReleaseEngine(database.db, systemClock, { workers });
  const seconds = Number(((performance.now() - started) / 1000).toFixed(3));
  console.log(JSON.stringify({ at: systemClock.now().toISOString(), seconds, ...result }));
} finally {
  await database.close();
}
