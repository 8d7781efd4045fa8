import type { Detected, Detector } from './types';

const ROMAN: Record<string, number> = { '0': 0, I: 1, II: 2, III: 3, IV: 4 };
const NUM_ROMAN = ['0', 'I', 'II', 'III', 'IV'];

/** Parses "IIIB" -> { n: 3, letter: "B" }. */
export function parseStage(s: string): { n: number; letter?: string } | undefined {
  const m = /^(0|IV|III|II|I)([A-D])?\d?$/i.exec(s.trim().replace(/^stage\s*/i, ''));
  if (!m) return undefined;
  return { n: ROMAN[m[1].toUpperCase()], letter: m[2]?.toUpperCase() };
}

/** Stage groups ("stage IIIB or IV", "stage III-IV", "stage II/III") and simple TNM ("T3-4, N0, M0"). */
export const detectStage: Detector = (s) => {
  const out: Detected[] = [];
  const re = /\b[Ss][Tt][Aa][Gg][Ee][Ss]?\s+((?:(?:0|IV|III|II|I)[A-D]?\d?(?:\s*(?:,|\/|-|–|or|and|to|through)\s*)?)+)/g;
  const groups = new Set<string>();
  let m: RegExpExecArray | null;
  while ((m = re.exec(s))) {
    const parts = m[1].split(/\s*(,|\/|or|and)\s*/).filter((p) => p && !/^(,|\/|or|and)$/.test(p));
    for (const p of parts) {
      const r = /^((?:0|IV|III|II|I)[A-D]?)\d?\s*(?:-|–|to|through)\s*((?:0|IV|III|II|I)[A-D]?)\d?$/.exec(p.trim());
      if (r) {
        const a = parseStage(r[1]);
        const b = parseStage(r[2]);
        if (a && b) {
          groups.add(r[1]);
          for (let n = a.n + 1; n < b.n; n++) groups.add(NUM_ROMAN[n]);
          groups.add(r[2]);
        }
      } else {
        const st = /^((?:0|IV|III|II|I)[A-D]?)/.exec(p.trim());
        if (st && parseStage(st[1])) groups.add(st[1]);
      }
    }
  }
  let t: string[] | undefined;
  let n: string[] | undefined;
  let mm: string[] | undefined;
  // "cT2N0M0", "T1-T2cN0M0": clinical / pathological prefixes dropped and glued components spaced, so each reads alone
  const written = s
    .replace(/\b(?:[cpy]|yp|yc|r)(?=[TNM](?:[0-4]|is|x)\b|[TNM](?:[0-4][a-d]?|is|x)[NM])/gi, '')
    .replace(/((?:[TN](?:[0-4][a-d]?|is|x)))(?=[NM](?:[0-4]|x))/gi, '$1 ');
  const tnm = (letter: string) => {
    const s = written;
    const r = new RegExp(`\\b${letter}([0-4][a-d]?|is|x|X)((?:\\s*(?:-|–|or|,|/)\\s*${letter}?(?:[0-4][a-d]?|x|X))*)\\b`, 'g');
    const vals = new Set<string>();
    let x: RegExpExecArray | null;
    while ((x = r.exec(s))) {
      vals.add(x[1].toUpperCase());
      for (const more of x[2].split(/\s*(?:-|–|or|,|\/)\s*/)) {
        const v = more.replace(new RegExp(`^${letter}`), '').toUpperCase();
        if (v) vals.add(v);
      }
      if (/[-–]/.test(x[2])) {
        const nums = [...vals].map((v) => parseInt(v, 10)).filter((v) => !Number.isNaN(v));
        for (let i = Math.min(...nums); i <= Math.max(...nums); i++) vals.add(String(i));
      }
    }
    return vals.size ? [...vals] : undefined;
  };
  if (/\bT[0-4x][a-d]?\b.*\bN[0-3x]\b|\bN[0-3x]\b.*\bM[01x]\b|\bT[0-4][a-d]?\s*(?:-|–|,)\s*T?[0-4]/i.test(written)) {
    t = tnm('T');
    n = tnm('N');
    mm = tnm('M');
  }
  if (groups.size || t || n || mm) {
    out.push({ spec: { kind: 'stage', groups: [...groups].map((g) => g.toUpperCase()), t, n, m: mm }, confidence: groups.size ? 0.8 : 0.6 });
  }
  return out;
};
