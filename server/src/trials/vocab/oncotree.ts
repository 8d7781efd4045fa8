import fs from 'node:fs';
import path from 'node:path';
import { sharedDataDir } from '../../config/sharedData';

/** One OncoTree node (2025-10-03 release, loaded from the shared reference data). */
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

interface RawNode {
  code: string;
  name: string;
  mainType: string | null;
  tissue: string | null;
  children: Record<string, RawNode>;
}

let cache: Map<string, OncoNode> | null = null;

/** Loads the OncoTree once (lazily) from `<shared>/vocab/oncotree/oncotree_2025_10_03.json`. */
export function oncotree(): Map<string, OncoNode> {
  if (cache) return cache;
  const file = path.join(sharedDataDir(), 'vocab', 'oncotree', 'oncotree_2025_10_03.json');
  const raw = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, RawNode>;
  const map = new Map<string, OncoNode>();
  const walk = (n: RawNode, parent: string | null, level: number) => {
    map.set(n.code, { code: n.code, name: n.name, mainType: n.mainType, tissue: n.tissue, parent, level, children: Object.keys(n.children ?? {}) });
    for (const c of Object.values(n.children ?? {})) walk(c, n.code, level + 1);
  };
  for (const root of Object.values(raw)) walk(root, null, 0);
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
