import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { keepPreviousBuildAssets } from './keep-previous-build.ts';

let dist: string;

/** Writes a build's assets into dist/assets as Vite and the compression plugin do, and prunes. */
function build(names: string[]): string[] {
  mkdirSync(join(dist, 'assets'), { recursive: true });
  for (const name of names) {
    for (const suffix of ['', '.br', '.gz']) writeFileSync(join(dist, 'assets', `${name}${suffix}`), name);
  }
  return keepPreviousBuildAssets(
    dist,
    names.map((name) => `assets/${name}`),
  );
}

const assetsLeft = () => readdirSync(join(dist, 'assets')).sort();

beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), 'kpc-dist-'));
});
afterEach(() => {
  rmSync(dist, { recursive: true, force: true });
});

describe('a new build of the member app (issue 24 "Also seen")', () => {
  it('keeps the previous build’s hashed assets, so an app opened before the deploy still finds its pages', () => {
    build(['index-A1.js', 'pledge-page-A1.js', 'pledge-page-A1.css']);
    build(['index-B2.js', 'pledge-page-B2.js', 'pledge-page-A1.css']);
    expect(assetsLeft()).toEqual(
      ['index-A1.js', 'index-B2.js', 'pledge-page-A1.css', 'pledge-page-A1.js', 'pledge-page-B2.js']
        .flatMap((name) => [name, `${name}.br`, `${name}.gz`])
        .sort(),
    );
  });

  it('removes the assets of the builds before the previous one, with their compressed copies', () => {
    build(['index-A1.js', 'shared-S.js']);
    build(['index-B2.js', 'shared-S.js']);
    const removed = build(['index-C3.js', 'shared-S.js']);
    expect(removed.sort()).toEqual(['assets/index-A1.js', 'assets/index-A1.js.br', 'assets/index-A1.js.gz']);
    expect(assetsLeft()).toEqual(
      ['index-B2.js', 'index-C3.js', 'shared-S.js'].flatMap((name) => [name, `${name}.br`, `${name}.gz`]).sort(),
    );
  });

  it('keeps what a build made before this rule left there, once: the next build removes it', () => {
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets', 'index-OLD.js'), 'old');
    expect(build(['index-A1.js'])).toEqual([]);
    expect(build(['index-B2.js'])).toEqual(['assets/index-OLD.js']);
  });
});
