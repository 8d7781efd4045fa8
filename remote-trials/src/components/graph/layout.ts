/**
 * Where the match graph's nodes go. Every node has a fixed size, so positions can be computed without
 * measuring the DOM and no two nodes can overlap (a text that does not fit is clamped in the node, not
 * allowed to grow it). Hand-written rather than dagre/elk: one root with N children is a ring or a grid,
 * which two formulas give exactly; a general graph-layout library would add weight for no gain.
 */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const NODE = { width: 150, height: 76 } as const;
export const PATIENT = { width: 120, height: 44 } as const;
const GAP = 16;

/** Desktop: the patient in the middle, the groups on a ring wide enough that neighbours never touch. */
function ring(n: number): Box[] {
  const diagonal = Math.hypot(NODE.width, NODE.height);
  // adjacent centres are a chord 2r·sin(π/n) apart; at least a node's diagonal plus a gap means no overlap
  // at any angle (farther neighbours are farther still); never so small that a group covers the patient
  const r = Math.max((diagonal + GAP) / (2 * Math.sin(Math.PI / Math.max(n, 2))), diagonal + GAP);
  return Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / n - Math.PI / 2;
    return { x: Math.cos(a) * r - NODE.width / 2, y: Math.sin(a) * r - NODE.height / 2, ...NODE };
  });
}

/** Phones: the patient on top, the groups in two columns under it (a layer below the root), readable at 375 px. */
function grid(n: number): Box[] {
  const top = PATIENT.height / 2 + GAP * 3;
  return Array.from({ length: n }, (_, i) => ({
    x: i % 2 === 0 ? -NODE.width - GAP / 2 : GAP / 2,
    y: top + Math.floor(i / 2) * (NODE.height + GAP),
    ...NODE,
  }));
}

/** The patient's box and one box per group, in the groups' order. */
export function layoutGraph(groups: number, compact: boolean): { patient: Box; groups: Box[] } {
  return { patient: { x: -PATIENT.width / 2, y: -PATIENT.height / 2, ...PATIENT }, groups: compact ? grid(groups) : ring(groups) };
}

/** Whether two boxes share any area (touching edges do not count). */
export const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
