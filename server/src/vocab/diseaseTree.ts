import { ownedOncotreeNodes } from './oncotree';
import { referenceVocabularies, vocabularyGeneration } from './reference/active';

/**
 * One OncoTree node (2025-10-03 release). The tree is the complete OncoTree the server imported from
 * the shared data (src/vocab/reference) or, without it, the project-owned compact list in
 * src/vocab/oncotree.ts (the ten focus areas, every organ, and the nodes the disease synonyms name).
 */
export interface OncoNode {
  code: string;
  name: string;
  mainType: string | null;
  tissue: string | null;
  parent: string | null;
  level: number;
  children: string[];
}

export const ONCOTREE_ROOT = 'TISSUE';

let cache: Map<string, OncoNode> | null = null;
let cacheGeneration = -1;
/** Codes from a node up to the root, per code (cleared with the tree). */
const ancestorCache = new Map<string, string[]>();

/**
 * Builds the tree once per installed vocabulary: the complete OncoTree when the reference vocabularies
 * are installed (src/vocab/reference), else the owned list; levels, tissues and children are derived.
 */
export function oncotree(): Map<string, OncoNode> {
  if (cache && cacheGeneration === vocabularyGeneration()) return cache;
  const map = new Map<string, OncoNode>();
  const rows = referenceVocabularies().oncotree?.content ?? ownedOncotreeNodes().map((n) => [n.code, n.name, n.parent, n.mainType] as const);
  // Both lists put parents before children.
  for (const [code, name, parentCode, mainType] of rows) {
    const parent = parentCode ? map.get(parentCode) : undefined;
    if (parentCode && !parent) throw new Error(`OncoTree list: ${code} before its parent ${parentCode}`);
    const level = parent ? parent.level + 1 : 0;
    const tissue = level === 0 ? null : level === 1 ? name : parent!.tissue;
    map.set(code, { code, name, mainType, tissue, parent: parentCode, level, children: [] });
    parent?.children.push(code);
  }
  cache = map;
  cacheGeneration = vocabularyGeneration();
  ancestorCache.clear();
  return map;
}

export function isOncotreeCode(code: string): boolean {
  return oncotree().has(code.toUpperCase());
}

export function oncoNode(code: string): OncoNode | undefined {
  return oncotree().get(code.toUpperCase());
}

/** Codes from the node up to the root, the node first. */
export function ancestors(code: string): string[] {
  const tree = oncotree(); // first: a new vocabulary clears the cache below
  const hit = ancestorCache.get(code);
  if (hit) return hit;
  const out: string[] = [];
  let cur = oncoNode(code);
  while (cur) {
    out.push(cur.code);
    cur = cur.parent ? tree.get(cur.parent) : undefined;
  }
  ancestorCache.set(code, out);
  return out;
}

/** True when `code` is `ancestor` or lies below it (subtree semantics). */
export function isWithin(code: string, ancestor: string): boolean {
  const a = ancestor.toUpperCase();
  return ancestors(code).includes(a);
}

/** All codes in the subtree rooted at `code`, itself included. */
export function subtree(code: string): string[] {
  const out: string[] = [];
  const stack = [code.toUpperCase()];
  while (stack.length) {
    const c = stack.pop()!;
    const n = oncotree().get(c);
    if (!n) continue;
    out.push(c);
    stack.push(...n.children);
  }
  return out;
}

/** Relation of a trial's disease code to a patient's code. */
export type DiseaseRelation = 'exact' | 'trial_more_specific' | 'trial_more_general' | 'unrelated';
export function relateCodes(patientCode: string, trialCode: string): DiseaseRelation {
  const p = patientCode.toUpperCase();
  const t = trialCode.toUpperCase();
  if (p === t) return 'exact';
  if (isWithin(p, t)) return 'trial_more_general';
  if (isWithin(t, p)) return 'trial_more_specific';
  return 'unrelated';
}

export function codeByName(name: string): string | undefined {
  const n = name.trim().toLowerCase();
  for (const node of oncotree().values()) if (node.name.toLowerCase() === n) return node.code;
  return undefined;
}
