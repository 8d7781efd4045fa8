import { focusAreas } from '@oncodesk/shared/contracts';
import { FOCUS_AREA_NODES, OTHER_NODES, OTHER_TISSUES, ownedOncotreeNodes } from '../../src/vocab/oncotree';
import { DISEASE_SYNONYMS } from '../../src/vocab/diseases';
import { codeByName, oncotree } from '../../src/vocab/diseaseTree';
import fs from 'node:fs';
import path from 'node:path';
import { DATA, describeShared, readShared, readTsv } from './shared';

describe('owned OncoTree list (consistency)', () => {
  const nodes = ownedOncotreeNodes();
  const byCode = new Map(nodes.map((n) => [n.code, n]));

  it('has unique codes, parents listed before children, one root', () => {
    expect(byCode.size).toBe(nodes.length);
    const seen = new Set<string>();
    for (const n of nodes) {
      if (n.parent) expect([n.code, seen.has(n.parent)]).toEqual([n.code, true]);
      seen.add(n.code);
    }
    expect(nodes.filter((n) => !n.parent).map((n) => n.code)).toEqual(['TISSUE']);
    expect(OTHER_TISSUES.length + Object.keys(FOCUS_AREA_NODES).length).toBe(32);
  });

  it('covers the ten focus areas with whole tissue subtrees', () => {
    expect(Object.keys(FOCUS_AREA_NODES).sort()).toEqual([...focusAreas].sort());
    const tree = oncotree();
    for (const [area, rows] of Object.entries(FOCUS_AREA_NODES)) {
      const tissue = rows[0];
      expect([area, tissue[2]]).toEqual([area, 'TISSUE']);
      for (const r of rows.slice(1)) expect([r[0], tree.get(r[0])!.tissue]).toEqual([r[0], tissue[1]]);
    }
    expect(FOCUS_AREA_NODES.stomach[0][0]).toBe('STOMACH');
    expect(FOCUS_AREA_NODES.colon[0][0]).toBe('BOWEL');
    for (const n of OTHER_NODES) expect([n[0], byCode.get(n[0])!.focusArea]).toEqual([n[0], null]);
  });

  it('holds every code the disease synonyms name', () => {
    expect(Object.entries(DISEASE_SYNONYMS).filter(([, c]) => !byCode.has(c))).toEqual([]);
  });
});

describeShared('owned OncoTree list against the shared OncoTree 2025-10-03', () => {
  interface RawNode { code: string; name: string; mainType: string | null; tissue: string | null; level: number; children?: Record<string, RawNode> }
  const raw = JSON.parse(readShared('vocab', 'oncotree', 'oncotree_2025_10_03.json')) as Record<string, RawNode>;
  const shared = new Map<string, RawNode & { parent: string | null }>();
  const walk = (n: RawNode, parent: string | null) => {
    shared.set(n.code, { ...n, parent });
    for (const c of Object.values(n.children ?? {})) walk(c, n.code);
  };
  for (const r of Object.values(raw)) walk(r, null);
  const nodes = ownedOncotreeNodes();

  it('every owned code exists with the same name, parent and main type', () => {
    const bad = nodes
      .filter((n) => {
        const s = shared.get(n.code);
        return !s || s.name !== n.name || s.parent !== n.parent || (s.mainType ?? null) !== n.mainType;
      })
      .map((n) => n.code);
    expect(bad).toEqual([]);
  });

  it('derived levels and tissues match the shared tree', () => {
    for (const n of oncotree().values()) {
      const s = shared.get(n.code)!;
      expect([n.code, n.level, n.tissue]).toEqual([n.code, s.level, s.tissue ?? null]);
    }
  });

  it('holds every tissue-level node', () => {
    const tissues = [...shared.values()].filter((s) => s.parent === 'TISSUE').map((s) => s.code);
    expect(tissues).toHaveLength(32);
    for (const c of tissues) expect([c, oncotree().has(c)]).toEqual([c, true]);
  });

  it('assigns exactly the focus areas of focus_areas.tsv', () => {
    const { header, rows } = readTsv('vocab', 'oncotree', 'focus_areas.tsv');
    const [fa, code] = [header.indexOf('focus_area'), header.indexOf('code')];
    const expected = new Map(rows.map((r) => [r[code], r[fa].replace(/\s+/g, '_')]));
    const owned = new Map(nodes.filter((n) => n.focusArea).map((n) => [n.code, n.focusArea]));
    expect(owned.size).toBe(expected.size);
    for (const [c, area] of expected) expect([c, owned.get(c)]).toEqual([c, area]);
  });

  it('resolves every OncoTree name the CTML trial documents use', () => {
    const names = new Set<string>();
    const walk = (dir: string) => {
      for (const f of fs.readdirSync(dir)) {
        const p = path.join(dir, f);
        if (fs.statSync(p).isDirectory()) walk(p);
        else for (const m of fs.readFileSync(p, 'utf8').matchAll(/oncotree_primary_diagnosis(?:_name)?['"]?\s*:\s*['"]?([^'"\n,}]+)/g)) names.add(m[1].trim().replace(/^!/, ''));
      }
    };
    walk(path.join(DATA, 'trials', 'ctml'));
    const unresolved = [...names].filter((n) => !n.startsWith('_') && !codeByName(n));
    expect(names.size).toBeGreaterThan(5);
    expect(unresolved).toEqual([]);
  });
});
