import type { Detector } from './types';

/** Resectability: "unresectable", "not amenable to curative surgery", "resectable". */
export const detectResectability: Detector = (s, ctx) => {
  if (ctx.permissive) return [];
  if (/\b(?:unresectable|non-?resectable|irresectable|inoperable|not (?:a )?(?:candidate|amenable|eligible) (?:for|to) (?:curative |complete |surgical )*(?:surgery|resection|surgical resection)|not (?:surgically )?resectable)\b/i.test(s)) {
    return [{ spec: { kind: 'resectability', resectable: false }, confidence: 0.75 }];
  }
  if (/\b(?:resectable|operable|candidates? for (?:curative |complete )?(?:surgical )?resection|amenable to (?:curative )?(?:surgery|resection))\b/i.test(s) && !/borderline/i.test(s)) {
    return [{ spec: { kind: 'resectability', resectable: true }, confidence: 0.7 }];
  }
  return [];
};
