import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * A deploy must not strand a member who has the app open (issue 24): their app asks for its pages'
 * chunks by the names of the build it was loaded from. So a build does not empty `dist`: it writes
 * beside the previous build's hashed assets and then removes only those of the builds before that.
 * An app open across two deploys reloads itself instead (src/app/stale-build.ts).
 */

/** The folder of the hashed assets inside `dist`, as Vite names it. */
const ASSETS_DIR = 'assets';
/** The previous build's asset names, kept beside them (a dotfile: the server does not list it). */
const RECORD_FILE = '.kpc-build-assets.json';

/** `assets/x.js` for `assets/x.js.br` and `assets/x.js.gz`: a compressed copy lives with its file. */
function sourceName(name: string): string {
  return name.replace(/\.(br|gz)$/, '');
}

/**
 * Removes from `dist/assets` every file that is neither one of `current` (this build's assets, as
 * `assets/<name>`) nor one of the previous build's (the record), then records `current` for the
 * next build. Without a record (the first such build) every file there counts as the previous
 * build's. Answers the names removed.
 */
export function keepPreviousBuildAssets(distDir: string, current: readonly string[]): string[] {
  const assetsDir = join(distDir, ASSETS_DIR);
  const recordPath = join(distDir, RECORD_FILE);
  const present = existsSync(assetsDir) ? readdirSync(assetsDir).map((name) => `${ASSETS_DIR}/${name}`) : [];
  const previous = existsSync(recordPath)
    ? (JSON.parse(readFileSync(recordPath, 'utf8')) as string[])
    : present.map(sourceName);
  const kept = new Set([...current, ...previous]);
  const removed = present.filter((name) => !kept.has(sourceName(name)));
  for (const name of removed) rmSync(join(distDir, name), { force: true });
  writeFileSync(recordPath, JSON.stringify([...new Set(current)].sort()));
  return removed;
}

/** The Vite plugin: `dist` is not emptied, and only the assets of this and the previous build stay. */
export function keepPreviousBuild(): Plugin {
  let distDir = '';
  return {
    name: 'kpc:keep-previous-build',
    apply: 'build',
    config: () => ({ build: { emptyOutDir: false } }),
    configResolved(config) {
      distDir = resolve(config.root, config.build.outDir);
    },
    writeBundle: {
      order: 'post',
      handler(_options, bundle) {
        const current = Object.keys(bundle).filter((name) => name.startsWith(`${ASSETS_DIR}/`));
        keepPreviousBuildAssets(distDir, current);
      },
    },
  };
}
