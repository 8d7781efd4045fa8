/** Splitting eligibility text into sections, items and sentences. */

export type Polarity = 'inclusion' | 'exclusion';

export interface EligibilityItem {
  text: string;
  section: Polarity;
  /** Heading under which the item sits, e.g. "PRIOR CONCURRENT THERAPY". */
  heading?: string;
  /** Indentation of the item's bullet line (leading spaces), when the text has bullets. */
  indent?: number;
  /** The kind of bullet ("1." number, "a." letter, "i." roman, "-" symbol): when the source lost its
   * indentation, a change of bullet kind is what still tells a sub-item from its parent. */
  bullet?: 'number' | 'letter' | 'roman' | 'symbol';
}

/** Whether `item` sits under `parent` (deeper indentation, or another bullet kind where both indents are equal). */
export function isSubItem(parent: EligibilityItem | undefined, item: EligibilityItem): boolean {
  if (!parent || item.section !== parent.section || item.indent === undefined || parent.indent === undefined) return false;
  if (item.indent !== parent.indent) return item.indent > parent.indent;
  return !!item.bullet && !!parent.bullet && item.bullet !== parent.bullet;
}

function bulletKind(line: string): EligibilityItem['bullet'] {
  const b = line.trim();
  if (/^\(?\d/.test(b)) return 'number';
  if (/^\(?(?:i|ii|iii|iv|v|vi|vii|viii|ix|x)[.)]/.test(b)) return 'roman';
  if (/^\(?[a-z][.)]/.test(b)) return 'letter';
  return 'symbol';
}

const INCL_HEAD = /^\s*(?:[-*•]\s*)?(?:key |main |general |specific )?(?:inclusion|eligibility)(?: criteria)?(?: for [^:]{0,60})?\s*:?\s*$/i;
const EXCL_HEAD = /^\s*(?:[-*•]\s*)?(?:key |main |general |specific )?exclusion(?: criteria)?(?: for [^:]{0,60})?\s*:?\s*$/i;
const INCL_PREFIX = /^\s*(?:key |main )?inclusion criteria\s*:?\s*/i;
const EXCL_PREFIX = /^\s*(?:key |main )?exclusion criteria\s*:?\s*/i;
/** PDQ-style headings (DISEASE CHARACTERISTICS:, PATIENT CHARACTERISTICS:, PRIOR CONCURRENT THERAPY:). */
const PDQ_HEAD = /^\s*([A-Z][A-Z /&-]{3,60}):\s*(.*)$/;
/** PDQ sub-headings written alone on a line ("Age", "Performance status", "Hepatic"). */
const SUBHEAD = /^(age|sex|gender|performance status|life expectancy|hematopoietic|haematopoietic|hepatic|renal|cardiovascular|pulmonary|other|menopausal status|hormone receptor status|biologic therapy|chemotherapy|endocrine therapy|radiotherapy|surgery|immunotherapy|other therapy|neurologic|gastrointestinal|immunologic)\s*:?\s*$/i;
const BULLET = /^\s*(?:[-*•·‣◦o]\s+|\(?\d{1,2}[.)]\s+|\(?[a-z][.)]\s+|\(?(?:i|ii|iii|iv|v|vi|vii|viii|ix|x)[.)]\s+)/;

/** Splits eligibility text into items with their section (inclusion / exclusion). */
export function splitEligibility(text: string): EligibilityItem[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const items: EligibilityItem[] = [];
  let section: Polarity = 'inclusion';
  let heading: string | undefined;
  let cur: string[] = [];
  let indent: number | undefined;
  let bullet: EligibilityItem['bullet'];
  const flush = () => {
    const t = cur.join(' ').replace(/\s+/g, ' ').trim();
    if (t && /[A-Za-z]/.test(t)) items.push(indent === undefined ? { text: t, section, heading } : { text: t, section, heading, indent, bullet });
    cur = [];
    indent = undefined;
    bullet = undefined;
  };
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    if (INCL_HEAD.test(line)) {
      flush();
      section = 'inclusion';
      heading = undefined;
      continue;
    }
    if (EXCL_HEAD.test(line)) {
      flush();
      section = 'exclusion';
      heading = undefined;
      continue;
    }
    if (INCL_PREFIX.test(line)) {
      flush();
      section = 'inclusion';
      cur.push(line.replace(INCL_PREFIX, ''));
      continue;
    }
    if (EXCL_PREFIX.test(line)) {
      flush();
      section = 'exclusion';
      cur.push(line.replace(EXCL_PREFIX, ''));
      continue;
    }
    if (SUBHEAD.test(line)) {
      flush();
      heading = line.replace(/:\s*$/, '').trim();
      continue;
    }
    const pdq = PDQ_HEAD.exec(line);
    if (pdq && !BULLET.test(line)) {
      flush();
      heading = pdq[1].trim();
      if (pdq[2]) cur.push(pdq[2]);
      continue;
    }
    if (BULLET.test(line)) {
      flush();
      indent = raw.length - raw.trimStart().length;
      bullet = bulletKind(line);
      cur.push(line.replace(BULLET, ''));
      continue;
    }
    cur.push(line);
  }
  flush();
  // long items: split into sentences so each criterion keeps a short source
  const out: EligibilityItem[] = [];
  for (const it of items) {
    if (it.text.length <= 300) {
      out.push(it);
      continue;
    }
    for (const s of splitSentences(it.text)) out.push({ ...it, text: s });
  }
  return out;
}

/**
 * Abbreviations whose full stop does not end a sentence ("Prior targeted therapy (e.g. EGFR
 * antibodies)", "FCM vs. Iron Dextran", "Dr. Lee"), checked case-insensitively before a split.
 */
const NON_FINAL = /(?:^|[\s(\[])(?:e\.g|i\.e|vs|approx|incl|excl|esp|resp|ca|cf|viz|dr|mr|mrs|ms|prof|st|no|nos|fig|max|min|et al)\.$/i;

export function splitSentences(text: string): string[] {
  const parts = text.split(/(?<=[.;])\s+(?=[A-Z(])/);
  // re-join the pieces that were cut after an abbreviation
  const joined: string[] = [];
  for (const part of parts) {
    const previous = joined.length ? joined[joined.length - 1] : undefined;
    if (previous !== undefined && NON_FINAL.test(previous)) joined[joined.length - 1] = `${previous} ${part}`;
    else joined.push(part);
  }
  return joined
    .map((s) => s.trim())
    .filter((s) => /[A-Za-z]/.test(s));
}

/** Item starts with a negation ("No prior...", "Must not have...", "Patients without..."). */
export function isNegated(s: string): boolean {
  return /^(?:\W*)(?:no|not|none|never|without|absence of|free of|lack of)\b/i.test(s) ||
    /^(?:\W*)(?:patients?|subjects?|participants?|women|men)?\s*(?:must|should|may|will|can|did|does|do|has|have)\s*(?:not|never)\b/i.test(s) ||
    /^(?:\W*)(?:patients?|subjects?|participants?)?\s*(?:must|should)\s+(?:have|be)\s+(?:no|free of|without)\b/i.test(s) ||
    /^(?:\W*)(?:patients?|subjects?|participants?)\s+(?:who|that)\s+(?:have|has)\s+(?:not|never)\b/i.test(s) ||
    /^(?:\W*)(?:patients?|subjects?|participants?)\s+(?:with|having)\s+no\b/i.test(s) ||
    /^(?:\W*)(?:has|have|had)\s+(?:not|never|no)\b/i.test(s) ||
    /^(?:\W*)cannot\b|^(?:\W*)(?:patients?|subjects?)\s+cannot\b/i.test(s);
}

/** The sentence only permits something ("... are eligible", "... allowed") rather than requiring it. */
export function isPermissive(s: string): boolean {
  return /\b(?:are|is|will be|would be)\s+(?:also\s+)?(?:eligible|allowed|permitted|acceptable)\b|\b(?:allowed|permitted)\b|\b(?:may|can) (?:also )?(?:be (?:included|enrolled|considered|eligible)|participate|enroll)\b/i.test(s);
}

export function num(word: string): number | undefined {
  const w = word.toLowerCase();
  const words: Record<string, number> = { zero: 0, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };
  if (w in words) return words[w];
  const n = Number(w);
  return Number.isFinite(n) ? n : undefined;
}

export type Op = '>=' | '>' | '<=' | '<' | '==';
/** Reads a comparator written in words or symbols. */
export function readOp(s: string | undefined): Op | undefined {
  if (!s) return undefined;
  const t = s.toLowerCase().replace(/\s+/g, ' ').trim();
  if (/^(?:≥|>=|=>|>\/=|> or =|at least|greater than or equal to|more than or equal to|≥ ?or ?=|minimum(?: of)?|no less than|not less than|equal to or greater than|equal or greater than)$/.test(t)) return '>=';
  if (/^(?:>|greater than|more than|above|over|exceeding|exceeds)$/.test(t)) return '>';
  if (/^(?:≤|<=|=<|<\/=|< or =|no more than|not more than|less than or equal to|equal to or less than|up to|maximum(?: of)?|not greater than|not exceeding|no greater than|not to exceed|within)$/.test(t)) return '<=';
  if (/^(?:<|less than|below|under|lower than)$/.test(t)) return '<';
  if (/^(?:=|==|equal to|of)$/.test(t)) return '==';
  return undefined;
}

export const OP_RE = '(≥|>=|=>|>\\/=|> or =|≤|<=|=<|<\\/=|< or =|>|<|=|at least|greater than or equal to|more than or equal to|no less than|not less than|equal to or greater than|greater than|more than|above|over|exceeding|no more than|not more than|less than or equal to|equal to or less than|up to|not greater than|no greater than|not exceeding|not to exceed|less than|below|under|lower than|within|of)';

/**
 * Whether a position sits inside a parenthesis that states a condition of another criterion
 * ("(<= 5 x ULN for patients with liver metastases or HCC)", "(for patients with an IV contrast allergy)").
 */
export function inConditionalParenthesis(s: string, at: number): boolean {
  const open: number[] = [];
  for (let i = 0; i < at; i++) {
    if (s[i] === '(') open.push(i);
    else if (s[i] === ')') open.pop();
  }
  return open.some((o) => /\b(?:if|unless|for (?:patients|subjects|participants|those)|in (?:patients|subjects|participants|case of|the presence of))\b/i.test(s.slice(o, at)));
}
