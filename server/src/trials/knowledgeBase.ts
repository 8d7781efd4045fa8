import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { referenceVocabularies } from '../vocab/reference/active';

/**
 * Stored trials are compiled: their criteria, disease codes and genes were read with the vocabularies and
 * the compiler of the day. Each stored trial records the knowledge-base version it was compiled with; at
 * start, trials of another version are compiled again (loader.ts), so a database never keeps serving trials
 * read with older vocabularies or an older compiler after an upgrade. (Recompiling at every start would
 * cost ~15 s of CPU each time; comparing one string costs nothing.)
 *
 * The version is computed, never bumped by hand: a digest of every module the importers load (the
 * compiler, the owned vocabularies and lists, the normalisers: followed from `importers/index` through
 * their relative imports, as this build has them) and the imported reference vocabularies' versions. A
 * change to any of those files changes it; a comment-only change costs one background recompile.
 */
let compilerDigest: string | null = null;

const IMPORT = /(?:\bfrom\s+|\brequire\(\s*|\bimport\s+)['"](\.{1,2}\/[^'"]+)['"]/g;

function resolveModule(from: string, spec: string): string | null {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.js`, path.join(base, 'index.ts'), path.join(base, 'index.js')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The files the importers' module graph is made of (relative imports, followed from their entry), sorted. */
export function compilerSources(entry = require.resolve('./importers')): string[] {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const dep = resolveModule(file, m[1]);
      if (dep && !seen.has(dep)) queue.push(dep);
    }
  }
  return [...seen].sort();
}

/** Digest of those files' names (relative to the entry) and contents. */
export function compilerSourcesDigest(entry = require.resolve('./importers')): string {
  const root = path.dirname(entry);
  const hash = createHash('sha256');
  for (const file of compilerSources(entry)) hash.update(`${path.relative(root, file)}\n`).update(fs.readFileSync(file)).update('\n');
  return hash.digest('hex').slice(0, 16);
}

/** "compiler@<digest>;oncotree@…;genes@…;drugs@…" for the vocabularies installed now. */
export function knowledgeBaseVersion(): string {
  compilerDigest ??= compilerSourcesDigest();
  const v = referenceVocabularies();
  const part = (name: 'oncotree' | 'genes' | 'drugs') => `${name}@${v[name]?.version ?? 'owned'}`;
  return [`compiler@${compilerDigest}`, part('oncotree'), part('genes'), part('drugs')].join(';');
}
