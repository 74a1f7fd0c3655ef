#!/usr/bin/env node
/**
 * No import cycles (STYLE, ARCHITECTURE "Shape"): finds every cycle among each project's source
 * files and exits 1 when there is one. Imports are resolved by TypeScript itself with each
 * project's tsconfig, so the apps' `@/` alias counts like a relative path (a resolver without the
 * alias, e.g. a bare `madge apps packages`, silently drops those edges). Type-only and dynamic
 * imports count too, as madge counts them. Usage: node scripts/check-cycles.mjs [project dir ...]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(dirname(new URL(import.meta.url).pathname), '..');
const PROJECTS = ['packages/shared', 'packages/client', 'packages/contracts', 'apps/server', 'apps/web', 'apps/admin'];
const SOURCE = /\.(ts|tsx|mts)$/;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sourceFiles(path);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The project's source files and, for each, the source files of the same project it imports. */
function importGraph(project) {
  const configPath = join(ROOT, project, 'tsconfig.json');
  const config = ts.readConfigFile(configPath, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, join(ROOT, project));
  const host = ts.createCompilerHost(options);
  const cache = ts.createModuleResolutionCache(join(ROOT, project), (name) => name, options);
  const files = sourceFiles(join(ROOT, project, 'src'));
  const inProject = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set();
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, options, host, cache).resolvedModule?.resolvedFileName;
      if (resolved && inProject.has(resolved) && resolved !== file) targets.add(resolved);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** Every strongly connected group of two or more files (Tarjan), each a set of files importing each other in a circle. */
function cycles(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (file) => {
    indexOf.set(file, index);
    low.set(file, index);
    index += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!indexOf.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file), indexOf.get(next)));
      }
    }
    if (low.get(file) === indexOf.get(file)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== file);
      if (group.length > 1) found.push(group.sort());
    }
  };
  for (const file of graph.keys()) if (!indexOf.has(file)) visit(file);
  return found;
}

const projects = process.argv.length > 2 ? process.argv.slice(2) : PROJECTS;
let failed = false;
for (const project of projects) {
  const graph = importGraph(project);
  for (const group of cycles(graph)) {
    failed = true;
    console.error(`import cycle in ${project}:\n  ${group.map((file) => relative(ROOT, file)).join('\n  ')}`);
  }
}
if (failed) process.exit(1);
console.log(`no import cycles (${projects.join(', ')})`);
