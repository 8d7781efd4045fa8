import type { RecentTherapyType } from '@oncodesk/shared/contracts';
import type { Detected, Detector } from './types';
import { num } from './text';
import { findDrugs } from '../../vocab/drugKnowledge';

/** A time window ("within 4 weeks", "28 days prior to", "at least 2 weeks since"); "6 weeks of prior trastuzumab" is a duration of therapy, not a window. */
const DURATION = /(\d+(?:\.\d+)?|one|two|three|four|five|six)\s*(?:\(\d+\)\s*)?(days?|weeks?|wks?|months?|half-?lives|hours?)\b/gi;
export const WINDOW = /\bwithin\s+(?:the\s+)?(?:last\s+|past\s+|previous\s+)?(?:\d|one|two|three|four|five|six)|\b(?:\d+|one|two|three|four|five|six)\s*(?:\(\d+\)\s*)?(?:days?|weeks?|wks?|months?|half-?lives)\s+(?:\w+\s+){0,2}(?:prior to|before|since|from|after|preceding|of (?:the )?(?:start|first|initiat\w*|registration|enrol\w*|randomi[sz]\w*|day|study|treatment|trial|protocol|screening|cycle|dosing|entry))\b|\bsince\s+(?:the\s+)?(?:last|prior|previous)\b|\bwash-?out\b|\b(?:\d+|one|two|three|four|five|six)\s*(?:days?|weeks?|months?)\s+(?:must have )?elapsed|\bwithin the following (?:time|periods?)|\btime frames?:/i;
/** Windows that require time to have passed ("at least 4 weeks since", "4 weeks must have elapsed"): the therapy within it is excluded. */
const SINCE = /\b(?:at least|more than|>|≥|>=|minimum of|a minimum of)\s*(?:\d|one|two|three|four|five|six)[^.]{0,30}\b(?:since|from|after|before|prior to|elapsed)|\belapsed\b|\bwash-?out\b|\bsince (?:the )?(?:last|prior|previous)\b/i;

const THERAPIES: Array<[RegExp, RecentTherapyType]> = [
  [/\b(?:major )?surg\w*|\boperation\b|\bsurgical procedure\b/i, 'surgery'],
  [/\bradi(?:o|ation)\w*|\birradiat\w*|\bradiosurgery\b|\bSBRT\b|\bSRS\b/i, 'radiotherapy'],
  [/\bchemo\w*|\bcytotoxic\b|\bmyelosuppressive\b|\bnitrosoureas?\b|\bmitomycin/i, 'chemotherapy'],
  [/\bimmuno-?therap\w*|\bcheckpoint inhibitor|\banti-?PD-?L?1\b|\bimmune checkpoint/i, 'immunotherapy'],
  [/\btargeted (?:therap\w*|agents?)|\btyrosine kinase inhibitor|\bTKIs?\b|\bsmall[- ]molecule|\bmonoclonal antibod\w*|\bbiologic(?:al)? (?:therap\w*|agents?)\b/i, 'targeted'],
  [/\b(?:hormonal|endocrine) (?:therap\w*|treatment)/i, 'hormonal'],
  [/\binvestigational\b|\bexperimental (?:drug|agent|therap\w*)|\bstudy drugs? (?:of|in) another|\bnon-?marketed\b|\bunapproved\b|\banother (?:clinical )?(?:trial|study)/i, 'investigational'],
  [/\blive (?:attenuated )?vaccin\w*/i, 'live_vaccine'],
  [/\btransfusion|\bgrowth factors?|\bG-?CSF\b|\bGM-?CSF\b|\berythropoie\w*|\bfilgrastim/i, 'transfusion_or_growth_factor'],
  [/\banti-?(?:cancer|neoplastic|tumou?r)|\bsystemic (?:\w+ )?(?:therap\w*|treatment)|\bany (?:prior )?(?:cancer )?(?:therap\w*|treatment)|\bcancer (?:therap\w*|treatment)/i, 'systemic'],
];

function days(n: number, unit: string): number | undefined {
  const u = unit.toLowerCase();
  if (u.startsWith('h')) return Math.max(1, Math.round(n / 24));
  if (u.startsWith('half')) return undefined; // a drug-specific half-life: the window is not a number of days
  return Math.round(u.startsWith('w') ? n * 7 : u.startsWith('m') ? n * 30 : n);
}

/**
 * Washout windows: "Chemotherapy within 4 weeks prior to treatment start", "At least 28 days since major
 * surgery". The condition the spec names is "the therapy within the window"; such items exclude it.
 * Each therapy named takes the first duration after it (else the sentence's first).
 */
export const detectRecentTherapy: Detector = (s, ctx) => {
  if (!WINDOW.test(s)) return [];
  const durations: Array<{ at: number; days: number | undefined }> = [];
  DURATION.lastIndex = 0;
  let d: RegExpExecArray | null;
  while ((d = DURATION.exec(s))) {
    const n = num(d[1]);
    if (n !== undefined) durations.push({ at: d.index, days: days(n, d[2]) });
  }
  if (!durations.length) durations.push({ at: 0, days: undefined });
  const out: Detected[] = [];
  const seen = new Set<string>();
  for (const [re, therapy] of THERAPIES) {
    const m = re.exec(s);
    if (!m || seen.has(therapy)) continue;
    // "surgery" in "surgically sterile" is not a procedure; systemic only when nothing more specific was named
    if (therapy === 'surgery' && /surgically sterile|sterili/i.test(s)) continue;
    if (therapy === 'systemic' && out.length) continue;
    // "infection requiring systemic treatment within 2 months" is a treatment of the infection
    if (therapy === 'systemic' && /\brequir\w*\s+(?:\w+\s+){0,2}$/i.test(s.slice(Math.max(0, m.index - 30), m.index))) continue;
    seen.add(therapy);
    const after = durations.find((x) => x.at > m.index) ?? durations[0];
    const spec = after.days === undefined ? { kind: 'recent_therapy' as const, therapy } : { kind: 'recent_therapy' as const, therapy, days: after.days };
    // an inclusion that requires the therapy within the window is rare ("received chemotherapy within the last 6 months")
    const required = ctx.section === 'inclusion' && !ctx.negated && !SINCE.test(s) && /\b(?:received|must have had|progress\w*|relapse\w*|recurren\w*)\b/i.test(s);
    out.push({ spec, confidence: 0.75, polarity: required ? 'inclusion' : 'exclusion', ownsNegation: true });
  }
  // a named drug without a therapy word ("At least 28 days since prior adjuvant interferon alfa")
  if (!out.length) {
    const drug = findDrugs(s).find((x) => (x.drug || x.drugClass) && /\b(?:since|prior|previous|last|received|receiving|treated with|treatment with|therapy with|taken|taking|use of|from)\s+(?:[\w-]+\s+){0,3}$/i.test(s.slice(Math.max(0, x.start - 50), x.start)) && !/\b(?:start|first dose|initiation|beginning) of\s+$/i.test(s.slice(Math.max(0, x.start - 30), x.start)));
    if (drug) {
      const after = durations.find((x) => x.at > drug.start) ?? durations[0];
      out.push({ spec: after.days === undefined ? { kind: 'recent_therapy', therapy: 'systemic' } : { kind: 'recent_therapy', therapy: 'systemic', days: after.days }, confidence: 0.7, polarity: 'exclusion', ownsNegation: true });
    }
  }
  return out;
};
