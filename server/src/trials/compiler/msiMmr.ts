import type { Detected, Detector } from './types';

/** Microsatellite instability and mismatch-repair status. */
export const detectMsiMmr: Detector = (s) => {
  const out: Detected[] = [];
  if (/\bMSI[- ]?H(?:igh)?\b|microsatellite[- ]instability[- ]high|high[- ](?:level )?microsatellite instability|\bMSI[- ]high\b/i.test(s)) out.push({ spec: { kind: 'msi', status: 'high' }, confidence: 0.85 });
  else if (/\bMSS\b|microsatellite[- ]stable|\bMSI[- ]?L(?:ow)?\b/i.test(s)) out.push({ spec: { kind: 'msi', status: 'stable' }, confidence: 0.8 });
  if (/\bdMMR\b|\bMMRd\b|\bMMR-?D\b|mismatch[- ]repair[- ](?:deficien|deficit)|deficient (?:DNA )?mismatch[- ]repair|MMR[- ]deficien|loss of (?:MMR|mismatch repair) protein/i.test(s)) out.push({ spec: { kind: 'mmr', status: 'deficient' }, confidence: 0.85 });
  else if (/\bpMMR\b|mismatch[- ]repair[- ]proficien|proficient (?:DNA )?mismatch[- ]repair|MMR[- ]proficien/i.test(s)) out.push({ spec: { kind: 'mmr', status: 'proficient' }, confidence: 0.85 });
  return out;
};
