/**
 * Writes bench/chat/questions.json (run once: `node -r ./bench/register.cjs bench/chat/make.ts`). The
 * catalogue questions' expectations are read from the trial records themselves (the phase, the sponsor,
 * a drug, a site's country, the first sentence of a criteria section as the record words it), so a right
 * answer is one that says what the record says. Every need is asked twice: once as first written
 * ("original") and once re-phrased the way people type (lower case, no question mark, abbreviations,
 * other word order, Spanish and Italian) — the re-phrasings were written before the assistant's
 * retrieval rules, and were not changed to fit them.
 */
import fs from 'node:fs';
import path from 'node:path';
import { CitationKind, type Trial } from '@oncodesk/shared/contracts';
import { z } from 'zod';
import { sharedDataDir } from '../../src/config/sharedData';
import { importDirectory } from '../../src/trials/importers';
import {
  FRESH2_PATIENT,
  FRESH2_TRIAL,
  FRESH3_PATIENT,
  FRESH3_RECORD,
  FRESH3_TRIAL,
  FRESH_PATIENT,
  FRESH_TRIAL,
  IN_LANG,
  PATIENT_NEEDS,
  TRIAL_IDS,
  type BenchQuestion,
} from './needs';

/** A regular expression of `says` as the judge reads it (test/chat/score.ts: a leading "(?i)" ignores case). */
const compiles = (x: string) => {
  try {
    new RegExp(x.startsWith('(?i)') ? x.slice(4) : x, x.startsWith('(?i)') ? 'i' : '');
    return true;
  } catch {
    return false;
  }
};
/** One question as bench:chat asks it (needs.ts BenchQuestion), for a question set written elsewhere. */
const QuestionSchema = z
  .object({
    id: z.string().min(1).max(200),
    need: z.string().min(1).max(200),
    half: z.string().min(1).max(40),
    lang: z.enum(['en', 'es', 'it']),
    folder: z.enum(['lung', 'colon', 'breast']).nullable(),
    context: z.object({ trialId: z.string().optional(), recommendationId: z.string().optional() }).optional(),
    before: z.array(z.string().min(1).max(2000)).max(20).optional(),
    q: z.string().trim().min(1).max(2000),
    cites: z.array(z.object({ kind: CitationKind, id: z.string().optional() })).optional(),
    says: z.array(z.string().min(1).refine(compiles, 'not a regular expression')).optional(),
    unanswerable: z.literal(true).optional(),
  })
  // an answerable question says what a right answer holds; an out-of-scope one expects nothing but a decline
  .refine((q) => (q.unanswerable ? !q.cites?.length && !q.says?.length : !!q.cites?.length || !!q.says?.length), 'expects nothing checkable');

/**
 * A question set written apart from make.ts (a held-out set) checked as make.ts checks its own: the shape
 * bench:chat asks, `says` patterns that compile, every trial it cites or opens on in the catalogue, unique
 * ids. Questions that fail are dropped and counted (with why), never repaired: a set written blind stays as written.
 */
export function validateQuestions(
  raw: unknown,
  inCatalogue: (id: string) => boolean,
  half: BenchQuestion['half'],
): { valid: BenchQuestion[]; dropped: string[] } {
  const valid: BenchQuestion[] = [];
  const dropped: string[] = [];
  const seen = new Set<string>();
  const items = Array.isArray(raw) ? raw : [];
  if (!Array.isArray(raw)) dropped.push('the file is not a list of questions');
  for (const [i, item] of items.entries()) {
    const r = QuestionSchema.safeParse(item);
    if (!r.success) {
      dropped.push(`#${i}: ${r.error.issues.map((x) => `${x.path.join('.') || 'question'} ${x.message}`).join('; ')}`);
      continue;
    }
    const q = r.data;
    const trials = [
      ...(q.cites ?? []).filter((c) => (c.kind === 'trial' || c.kind === 'criterion') && c.id).map((c) => c.id!.split('#')[0]),
      ...(q.context?.trialId ? [q.context.trialId] : []),
    ];
    const missing = trials.filter((id) => !inCatalogue(id));
    // the reason only, not the trial: a held-out set's content is not printed
    if (missing.length) dropped.push(`#${i}: cites a trial not in the catalogue`);
    else if (seen.has(q.id)) dropped.push(`#${i}: id used twice`);
    else {
      seen.add(q.id);
      valid.push({ ...(q as BenchQuestion), half });
    }
  }
  return { valid, dropped };
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The first criterion of a criteria section, as the record words it (a few words, enough to recognise it): the first line after the section's heading that is not itself a heading or a lead-in ending with ":". */
function firstBullet(text: string, section: 'inclusion' | 'exclusion'): string | undefined {
  let current: string | null = null;
  for (const raw of text.split('\n')) {
    const l = raw.replace(/^[\s*•\-\d.)]+/, '').trim();
    const heading = /^(?:key |select |main )?(inclusion|exclusion) criteria/i.exec(l);
    if (heading) current = heading[1].toLowerCase();
    else if (current === section && l.length > 15 && !l.endsWith(':')) return l.split(/\s+/).slice(0, 4).join(' ');
  }
  return undefined;
}

/** Re-phrasings of the catalogue needs, per kind: written as clinicians type (one picked per trial, in turn). */
const REPHRASED: Record<string, Array<[string, 'en' | 'es' | 'it']>> = {
  exclusion: [
    ['exclusion crit {{id}}', 'en'],
    ['{{id}} who is excluded', 'en'],
    ['criterios de exclusión del {{id}}', 'es'],
    ['criteri di esclusione {{id}}', 'it'],
    ['what excludes pts from {{id}}', 'en'],
    ['{{id}}: quién queda excluido?', 'es'],
    ['chi è escluso dallo studio {{id}}', 'it'],
    ['excl criteria for {{id}} pls', 'en'],
  ],
  inclusion: [
    ['incl criteria {{id}}', 'en'],
    ['quién puede entrar en el {{id}}', 'es'],
    ['requisiti per entrare nel {{id}}', 'it'],
    ['{{id}} who can enroll', 'en'],
  ],
  phase: [
    ['{{id}} phase', 'en'],
    ['en qué fase está el {{id}}', 'es'],
    ['fase dello studio {{id}}', 'it'],
    ['is {{id}} ph 2 or 3', 'en'],
  ],
  sponsor: [
    ['who runs {{id}}', 'en'],
    ['promotor del {{id}}', 'es'],
    ['chi finanzia il {{id}}', 'it'],
    ['{{id}} sponsor?', 'en'],
  ],
  arms: [
    ['drugs in {{id}}', 'en'],
    ['qué fármacos usa el {{id}}', 'es'],
    ['che farmaci si usano nel {{id}}', 'it'],
    ['{{id}} treatment arms', 'en'],
  ],
  sites: [
    ['{{id}} where', 'en'],
    ['centros del {{id}}', 'es'],
    ['dove si fa il {{id}}', 'it'],
    ['locations for {{id}}', 'en'],
  ],
};
const ORIGINAL: Record<string, [string, 'en' | 'es' | 'it']> = {
  exclusion: ['What are the exclusion criteria of {{id}}?', 'en'],
  inclusion: ['What are the inclusion criteria of {{id}}?', 'en'],
  phase: ['What phase is {{id}}?', 'en'],
  sponsor: ['Who is the sponsor of {{id}}?', 'en'],
  arms: ['What are the arms of {{id}}?', 'en'],
  sites: ['Where are the sites of {{id}}?', 'en'],
};

/** The answer's own words for each kind, in the language asked (an answer in another language is wrong). */
const HEADER: Record<string, Record<'en' | 'es' | 'it', string>> = {
  exclusion: { en: 'Exclusion criteria', es: 'Criterios de exclusión', it: 'Criteri di esclusione' },
  inclusion: { en: 'Inclusion criteria', es: 'Criterios de inclusión', it: 'Criteri di inclusione' },
  phase: { en: 'phase', es: 'fase', it: 'fase' },
  sponsor: { en: 'sponsor', es: 'promotor', it: 'promotore' },
  arms: { en: 'Interventions of', es: 'Intervenciones de', it: 'Interventi di' },
  sites: { en: '(?:Sites|sites) of', es: '(?:Centros|centros) de', it: '(?:Centri|centri) di' },
};

function expectation(t: Trial, kind: string): { says: string[] } | null {
  const text = t.eligibility.text ?? '';
  switch (kind) {
    case 'exclusion':
    case 'inclusion': {
      const b = firstBullet(text, kind);
      return b ? { says: [esc(b)] } : null;
    }
    case 'phase':
      return t.phases.length && !t.phases.includes('na') ? { says: [`\\b${esc(t.phases.join('/'))}\\b`] } : null;
    case 'sponsor':
      return t.sponsor ? { says: [esc(t.sponsor.slice(0, 24))] } : null;
    case 'arms': {
      const d = t.interventions.flatMap((i) => i.drugs)[0];
      return d ? { says: [`(?i)${esc(d)}`] } : null;
    }
    case 'sites': {
      const countries = [...new Set(t.sites.map((s) => s.address.country).filter(Boolean))] as string[];
      return countries.length ? { says: [countries.map(esc).join('|')] } : null;
    }
  }
  return null;
}

function main() {
  const trials = new Map(importDirectory(path.join(sharedDataDir(), 'trials')).trials.map((t) => [t.id, t]));
  const out: BenchQuestion[] = [];
  const second = ['phase', 'sponsor', 'arms', 'sites', 'inclusion'];
  const turn: Record<string, number> = {};
  TRIAL_IDS.forEach((id, i) => {
    const t = trials.get(id);
    if (!t) throw new Error(`${id} is not in the catalogue`);
    const kinds = ['exclusion', second[i % second.length]];
    // a kind the record cannot answer is replaced by the next one that it can
    for (let k of kinds) {
      let e = expectation(t, k);
      for (let j = 0; !e && j < second.length; j++) e = expectation(t, (k = second[(i + j + 1) % second.length]));
      if (!e) continue;
      const need = `${k}-${id}`;
      const cites = [{ kind: 'trial', id }];
      const folder = i % 4 === 0 ? 'lung' : null;
      const [oq, ol] = ORIGINAL[k];
      out.push({ id: `${need}-o`, need, half: 'original', lang: ol, folder, q: oq.replace('{{id}}', id), cites, says: [...e.says, HEADER[k][ol]] });
      const pool = REPHRASED[k];
      const [rq, rl] = pool[(turn[k] = (turn[k] ?? -1) + 1) % pool.length];
      out.push({ id: `${need}-r`, need, half: 'rephrased', lang: rl, folder, q: rq.replace('{{id}}', id), cites, says: [...e.says, HEADER[k][rl]] });
    }
  });
  out.push(...PATIENT_NEEDS);
  for (const [k, id, lang, q] of FRESH_TRIAL) {
    const e = expectation(trials.get(id)!, k);
    if (!e) throw new Error(`${id}: the record cannot answer ${k}`);
    out.push({
      id: `fresh-${k}-${id}`,
      need: `fresh-${k}-${id}`,
      half: 'fresh',
      lang,
      folder: null,
      q,
      cites: [{ kind: 'trial', id }],
      says: [...e.says, HEADER[k][lang]],
    });
  }
  out.push(...FRESH_PATIENT);
  FRESH2_TRIAL.forEach(([k, id, lang, q, before], i) => {
    const t = trials.get(id);
    if (!t) throw new Error(`${id} is not in the catalogue`);
    const e = expectation(t, k);
    if (!e) throw new Error(`${id}: the record cannot answer ${k}`);
    const need = `fresh2-${k}-${id}${before ? `-after-${i}` : ''}`;
    out.push({
      id: need,
      need,
      half: 'fresh2',
      lang,
      folder: null,
      ...(before ? { before } : {}),
      q,
      cites: [{ kind: 'trial', id }],
      says: [...e.says, HEADER[k][lang]],
    });
  });
  out.push(...FRESH2_PATIENT);
  FRESH3_TRIAL.forEach(([k, id, lang, q, before], i) => {
    const t = trials.get(id);
    if (!t) throw new Error(`${id} is not in the catalogue`);
    const e = expectation(t, k);
    if (!e) throw new Error(`${id}: the record cannot answer ${k}`);
    const need = `fresh3-${k}-${id}${before ? `-after-${i}` : ''}`;
    out.push({
      id: need,
      need,
      half: 'fresh3',
      lang,
      folder: null,
      ...(before ? { before } : {}),
      q,
      cites: [{ kind: 'trial', id }],
      says: [...e.says, HEADER[k][lang]],
    });
  });
  for (const [key, id, lang, q, says, before] of FRESH3_RECORD) {
    const t = trials.get(id);
    if (!t) throw new Error(`${id} is not in the catalogue`);
    // the expectation is the record's own words: it must be found in the record
    const record = [t.briefTitle, t.officialTitle, t.summary, t.eligibility.text, ...t.cohorts.map((c) => c.label)]
      .join('\n')
      .replace(/\\([<>[\]])/g, '$1')
      .replace(/\s+/g, ' ');
    const re = says.startsWith('(?i)') ? new RegExp(says.slice(4), 'i') : new RegExp(says);
    if (!re.test(record)) throw new Error(`${id}: the record does not say ${says}`);
    const inLang = IN_LANG[lang];
    out.push({
      id: `fresh3-${key}`,
      need: `fresh3-${key}`,
      half: 'fresh3',
      lang,
      folder: null,
      ...(before ? { before } : {}),
      q,
      cites: [{ kind: 'trial', id }],
      says: [says, ...(inLang ? [inLang] : [])],
    });
  }
  out.push(...FRESH3_PATIENT);
  fs.writeFileSync(path.join(__dirname, 'questions.json'), `${JSON.stringify(out, null, 1)}\n`);
  console.log(
    `${out.length} questions (${out.filter((q) => q.half === 'original').length} original, ${out.filter((q) => q.half === 'rephrased').length} re-phrased, ${out.filter((q) => q.half === 'fresh').length} fresh, ${out.filter((q) => q.half === 'fresh2').length} fresh2, ${out.filter((q) => q.half === 'fresh3').length} fresh3), ${new Set(out.flatMap((q) => q.cites?.filter((c) => c.kind === 'trial' && c.id).map((c) => c.id) ?? [])).size} trials`,
  );
}

// run as a script only: bench:chat imports validateQuestions
if (require.main === module) main();
