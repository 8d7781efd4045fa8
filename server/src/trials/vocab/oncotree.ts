import { ownedOncotreeNodes } from '../../vocab/oncotree';

/**
 * One OncoTree node (2025-10-03 release). The tree is the project-owned compact list in
 * src/vocab/oncotree.ts (the ten focus areas, every organ, and the nodes the disease synonyms name),
 * checked against the shared OncoTree file in test/vocab; nothing is read from the shared data.
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

/** Builds the tree once (lazily) from the owned list; levels, tissues and children are derived. */
export function oncotree(): Map<string, OncoNode> {
  if (cache) return cache;
  const map = new Map<string, OncoNode>();
  // The owned list puts parents before children.
  for (const n of ownedOncotreeNodes()) {
    const parent = n.parent ? map.get(n.parent) : undefined;
    if (n.parent && !parent) throw new Error(`OncoTree list: ${n.code} before its parent ${n.parent}`);
    const level = parent ? parent.level + 1 : 0;
    const tissue = level === 0 ? null : level === 1 ? n.name : parent!.tissue;
    map.set(n.code, { code: n.code, name: n.name, mainType: n.mainType, tissue, parent: n.parent, level, children: [] });
    parent?.children.push(n.code);
  }
  cache = map;
  return map;
}

export function isOncotreeCode(code: string): boolean {
  return oncotree().has(code.toUpperCase());
}

export function oncoNode(code: string): OncoNode | undefined {
  return oncotree().get(code.toUpperCase());
}

/** Codes from the node up to the root, the node first. */
const ancestorCache = new Map<string, string[]>();
export function ancestors(code: string): string[] {
  const hit = ancestorCache.get(code);
  if (hit) return hit;
  const out: string[] = [];
  let cur = oncoNode(code);
  while (cur) {
    out.push(cur.code);
    cur = cur.parent ? oncotree().get(cur.parent) : undefined;
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
