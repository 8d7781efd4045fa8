/**
 * No import circle between the server's domain folders (issue 27: survey, trials and patients imported
 * each other). madge reads every import of server/src, type-only ones included (a type import still ties
 * two folders together when one of them changes); the folders (the first path segment under src/: auth,
 * trials, vocab, …) form a graph whose strongly connected components are the circles. app.ts and main.ts
 * compose every domain and stand outside the graph.
 *
 * One file may name every domain: db/schema.ts gathers each domain's table types into Kysely's
 * `Database` (type-only imports, checked below), so its imports are left out.
 *
 * KNOWN lists the circles left, each with why; a new circle, or a known one grown by another folder,
 * fails the test, and so does a listed circle that is gone (shorten the list).
 */
import fs from 'node:fs';
import path from 'node:path';
import madge from 'madge';
import { folderCycles, type FolderCycle } from './folderCycles';

const SRC = path.join(__dirname, '../../src');

// none left: add one here only with the reason it cannot be broken yet, e.g.
// { folders: ['auth', 'plans', 'users'], why: "plans/routes imports auth's rate limiter while auth → users → plans" }
const KNOWN: Array<{ folders: string[]; why: string }> = [];

let graph: Record<string, string[]> = {};
let cycles: FolderCycle[] = [];

beforeAll(async () => {
  graph = (await madge(SRC, { fileExtensions: ['ts'], excludeRegExp: [/\.d\.ts$/] })).obj();
  cycles = folderCycles(graph, { ignoreImportsOf: ['db/schema.ts'] });
}, 180_000);

const key = (folders: string[]) => [...folders].sort().join(' ↔ ');

describe('imports between domain folders', () => {
  it('are all read (relative imports resolved, type-only ones included)', () => {
    expect(Object.keys(graph).length).toBeGreaterThan(250);
    expect(graph['trials/domain.ts']).toEqual(expect.arrayContaining(['patients/index.ts', 'trials/service.ts', 'vocab/reference/storage.ts']));
    // `import type` only
    expect(graph['db/schema.ts']).toEqual(expect.arrayContaining(['survey/storage.ts', 'patients/tables.ts']));
  });

  it('db/schema.ts imports types only (the one file left out of the graph)', () => {
    const imports = fs
      .readFileSync(path.join(SRC, 'db/schema.ts'), 'utf8')
      .split('\n')
      .filter((line) => /^\s*import\b/.test(line));
    expect(imports.length).toBeGreaterThan(0);
    expect(imports.filter((line) => !/^\s*import type\b/.test(line))).toEqual([]);
  });

  it('form no circle among survey, trials and patients, nor with the folders they use', () => {
    const tangled = cycles.filter((c) => c.folders.some((f) => ['survey', 'trials', 'patients', 'language', 'vocab'].includes(f)));
    expect(tangled.map((c) => c.description)).toEqual([]);
  });

  it('form no circle besides the known ones', () => {
    const known = new Set(KNOWN.map((k) => key(k.folders)));
    expect(cycles.filter((c) => !known.has(key(c.folders))).map((c) => c.description)).toEqual([]);
  });

  it('still has every known circle (remove the ones that are gone)', () => {
    const found = new Set(cycles.map((c) => key(c.folders)));
    expect(KNOWN.map((k) => key(k.folders)).filter((k) => !found.has(k))).toEqual([]);
  });
});
