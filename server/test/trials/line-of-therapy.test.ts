import { renderMessage, type CriterionSpec } from '@oncodesk/shared/contracts';
import { TrialIndex, matchPatient, matchTrial, scoreBothPaths, viewPatient } from '../../src/trials/matcher';
import { compileItem } from '../../src/trials/compiler';
import { P, inSharedTrials, trial } from './helpers';

type Section = 'inclusion' | 'exclusion';
const compiled = (text: string, section: Section = 'inclusion') => compileItem({ text, section });
/** The one prior-therapy criterion a sentence compiles to (beside what other detectors read), with its polarity. */
function lineOf(text: string, section: Section = 'inclusion') {
  const out = compiled(text, section).filter((c) => c.spec.kind === 'prior_therapy');
  expect(out).toHaveLength(1);
  const spec = out[0].spec as Extract<CriterionSpec, { kind: 'prior_therapy' }>;
  return { polarity: out[0].polarity, minLines: spec.minLines, maxLines: spec.maxLines, drugs: spec.drugs, classes: spec.classes };
}
const unread = (text: string, section: Section = 'inclusion') => expect(compiled(text, section).map((c) => c.spec.kind)).toEqual(['free_text']);

describe('line of therapy sentences are read as prior-line bounds', () => {
  it('refractory / intolerant / progressed on standard or prior therapy: at least one prior line', () => {
    for (const s of [
      'Refractory to or intolerant of standard therapy',
      'Patients must be refractory to, or intolerant of, established therapy known to provide clinical benefit for their condition.',
      'Progressed on or after prior standard therapeutic regimen.',
      'Must have failed prior standard therapy',
      'Progressive disease despite standard therapy',
      'Radiographically documented progressive disease on or after the most recent therapy.',
      'Subject has experienced progressive disease during or following the previous anti-tumor treatment.',
    ]) {
      expect(inSharedTrials(s)).toBe(true);
      expect(lineOf(s)).toEqual({ polarity: 'inclusion', minLines: 1, maxLines: undefined, drugs: [], classes: [] });
    }
  });

  it('counted lines: at least N, a range, only one', () => {
    expect(lineOf('Progressed on or after at least one prior line of therapy')).toMatchObject({ minLines: 1, maxLines: undefined });
    expect(lineOf('Must have received at least two prior regimens')).toMatchObject({ minLines: 2, maxLines: undefined });
    expect(lineOf('Failed at least 2 prior systemic anti-cancer regimens for advanced or metastatic NSCLC')).toMatchObject({ minLines: 2 });
    expect(lineOf('Must have received 1-3 prior therapeutic regimens')).toMatchObject({ minLines: 1, maxLines: 3 });
    expect(lineOf('Received either one or two prior systemic treatments for metastatic breast cancer')).toMatchObject({ minLines: 1, maxLines: 2 });
    expect(lineOf('Only one prior anti-tumor treatment regimen in the non-curative setting (i.e., 2nd-line therapy)')).toMatchObject({
      minLines: 1,
      maxLines: 1,
    });
    // "No more than": the "No" belongs to the count (it made the item an exclusion of the patients it admits)
    expect(lineOf('No more than 2 prior lines of therapy')).toMatchObject({ polarity: 'inclusion', minLines: undefined, maxLines: 2 });
    expect(lineOf('At least 1 and no more than 3 prior lines of therapy')).toMatchObject({ polarity: 'inclusion', minLines: 1, maxLines: 3 });
  });

  it('ordinal lines: progressed after one, or about to receive one', () => {
    expect(lineOf('Stage: IIIB/IV with evidence of disease progression following first-line therapy')).toMatchObject({ minLines: 1, maxLines: undefined });
    expect(lineOf('Patients with first-line treatment failure;')).toMatchObject({ minLines: 1 });
    expect(lineOf('Patients who have failed or are intolerant of at least second-line treatment;')).toMatchObject({ minLines: 2 });
    // to receive: first line means no prior line; "first- or second-line" at most one; a range from the second
    expect(
      lineOf(
        'Patients who are candidates for first-line palliative chemotherapy as judged by their treating oncologist'.replace(
          ' as judged by their treating oncologist',
          '',
        ),
      ),
    ).toMatchObject({ minLines: undefined, maxLines: 0 });
    expect(lineOf('Suitable for first-line cisplatin-based chemotherapy')).toMatchObject({ maxLines: 0, drugs: [], classes: [] });
    expect(lineOf('first-line therapy for bile duct cancer')).toMatchObject({ maxLines: 0 });
    expect(lineOf('first or second-line therapy for gastric cancer in IV stage')).toMatchObject({ minLines: undefined, maxLines: 1 });
    expect(lineOf('first, second or third-line therapy for colon-rectal cancer in IV stage')).toMatchObject({ maxLines: 2 });
    expect(lineOf('Eligible for second-line to fifth-line chemotherapy')).toMatchObject({ minLines: 1, maxLines: 4 });
    expect(lineOf('Progression during or after prior first- or second-line chemotherapy')).toMatchObject({ minLines: 1 });
  });

  it('treatment-naive, previously untreated, no prior systemic therapy for advanced disease: no prior line', () => {
    const none = { polarity: 'inclusion', minLines: undefined, maxLines: 0 };
    expect(lineOf('Previously untreated disease')).toMatchObject(none);
    expect(lineOf('Treatment-naïve patients who have not received prior anti-tumor therapy;')).toMatchObject(none);
    expect(lineOf('No prior systemic therapy for metastatic disease')).toMatchObject(none);
    expect(lineOf('No prior systemic anti-tumor therapy for locally advanced or metastatic NSCLC.')).toMatchObject(none);
    expect(lineOf('Subjects must not have received treatment for their metastatic disease.')).toMatchObject(none);
    // under an Exclusion heading "No X" restates the heading: the same requirement
    expect(lineOf('No prior systemic therapy for metastatic disease', 'exclusion')).toMatchObject(none);
    expect(lineOf('No prior systemic treatment for recurrent or metastatic disease', 'exclusion')).toMatchObject(none);
    // a positive exclusion: prior systemic therapy for advanced disease excludes
    expect(lineOf('Prior systemic therapy for metastatic disease', 'exclusion')).toMatchObject({ polarity: 'exclusion', minLines: 1 });
    expect(lineOf('Previously treated disease')).toMatchObject({ polarity: 'inclusion', minLines: 1 });
  });

  it('progression after a named class keeps the class', () => {
    expect(lineOf('Progressed after platinum-based chemotherapy')).toMatchObject({ polarity: 'inclusion', classes: ['platinum'] });
    expect(lineOf('Histologically confirmed, adenocarcinoma of the lung, after failure of first line platinum-based chemotherapy.')).toMatchObject({
      minLines: 1,
      classes: ['platinum'],
    });
  });
});

describe('a first-line-only bound reads as such in the checklist', () => {
  it('"Previously untreated" for a second-line patient: not met, "no prior line of systemic therapy"', () => {
    const t = trial('NCT09000001', 'Inclusion Criteria:\n- Previously untreated metastatic gastric adenocarcinoma\n');
    const r = matchTrial(t, viewPatient(gastric(1)));
    const line = r.results.find((x) => x.kind === 'prior_therapy')!;
    expect(line.status).toBe('no_match');
    expect(line.reasonMsg).toEqual({ key: 'priorLinesNone' });
    expect(renderMessage(line.reasonMsg!, 'it')).toBe('nessuna linea precedente di terapia sistemica');
  });
});

describe('sentences with a way in, an exception or another setting are not read as a line', () => {
  it('another way in without prior therapy stays unread (and deciding)', () => {
    for (const s of [
      'Refractory to standard therapy OR no standard therapy exists',
      'Disease progression after standard therapy, intolerance to standard therapy, or no remaining standard option expected to provide meaningful benefit.',
      'Patients who have failed standard treatment or have no standard treatment regimen or are not suitable for standard treatment currently.',
      'Is intolerant of, refuses, or is not eligible for standard antineoplastic therapy.',
    ]) {
      expect(inSharedTrials(s)).toBe(true);
      unread(s);
    }
    unread('Must have received prior first line standard therapy or have declined standard therapy.');
  });

  it('exceptions and counting rules are not read whole', () => {
    unread('Progression after standard therapy unless the patient declined it');
    unread('For adjuvant therapy, recurrence within 6 months counts as a line of therapy');
    unread('Progressive disease after standard therapy, except for patients with no standard option');
    // an exception is kept out of the line bounds: "not included" chemotherapy-only counts stay unread
    unread('Patient has received no more than 2 prior chemotherapeutic regimens for recurrent or metastatic disease. Prior biologic therapy is not included.');
    // alternatives of states: naive or after one line, failure of one or none
    expect(
      compiled('Treatment-naive or after one prior line of checkpoint inhibitor treatment').some(
        (c) => c.spec.kind === 'prior_therapy' && c.spec.maxLines === 0,
      ),
    ).toBe(false);
    expect(
      compiled('Failure of 1 prior immunotherapy or no prior systemic therapy for metastatic RCC', 'exclusion').some(
        (c) => c.spec.kind === 'prior_therapy' && c.spec.maxLines === 0,
      ),
    ).toBe(false);
    // "not be refractory" requires no failure, not no line; "not required" requires nothing
    unread('Treatment naive or have received prior standard therapy appropriate for tumor type and stage');
    unread('Previously treated or untreated');
    unread('First-line therapy for CRC that was irinotecan-based.', 'exclusion');
    expect(
      compiled('Patients must have achieved PR to primary treatment and not be refractory to prior treatment.').some(
        (c) => c.spec.kind === 'prior_therapy' && c.spec.minLines === 1,
      ),
    ).toBe(false);
    expect(
      compiled('Evidence of disease progression on a prior therapy is not required.').some(
        (c) => c.spec.kind === 'prior_therapy' && c.spec.minLines !== undefined,
      ),
    ).toBe(false);
  });

  it('early-disease, haematological and local settings are not systemic lines for advanced disease', () => {
    unread('Relapsed or refractory disease');
    unread('Refractory to initial induction therapy');
    expect(
      compiled('No more than 1 prior adjuvant or neoadjuvant chemotherapy and/or concurrent chemoradiotherapy regimen').some(
        (c) => c.spec.kind === 'prior_therapy' && c.spec.maxLines !== undefined,
      ),
    ).toBe(false);
    expect(
      compiled('Currently undergoing first-line treatment for mUM with tebentafusp').some(
        (c) => c.spec.kind === 'prior_therapy' && c.spec.maxLines !== undefined,
      ),
    ).toBe(false);
  });
});

// ATTRACTION-2 (NCT02267343) as the shared HINT file holds its eligibility
const ATTRACTION2 = trial(
  'NCT02267343',
  `Inclusion Criteria:
- Men & women ≥20 years of age
- Unresectable advanced or recurrent gastric cancer (including esophagogastric junction cancer)
- Refractory to or intolerant of standard therapy
- ECOG Performance Status score 0 or 1
- A life expectancy of at least 3 months
Exclusion Criteria:
- Current or past history of severe hypersensitivity to any other antibody products
- Patients with multiple primary cancers`,
  { conditions: ['Gastric Cancer'], briefTitle: 'Study of ONO-4538 in Unresectable, Advanced or Recurrent Gastric Cancer', phases: ['3'] },
);
const REFRACTORY = 'Refractory to or intolerant of standard therapy';
const gastric = (priorLines: number) => P({ age: 61, gender: 'male', oncotreeCode: 'STAD', metastatic: true, ecog: 1, priorLines });

describe('ATTRACTION-2 "Refractory to or intolerant of standard therapy" decides the line', () => {
  it('a first-line patient: no match, on that sentence, on every path', () => {
    const r = matchTrial(ATTRACTION2, viewPatient(gastric(0)));
    expect(r.verdict).toBe('not_eligible');
    const line = r.results.find((x) => x.source === REFRACTORY)!;
    expect(line).toMatchObject({ kind: 'prior_therapy', status: 'no_match' });
    // the checklist says the bound in words, in the reader's language
    expect(line.reasonMsg).toEqual({ key: 'priorLinesAtLeast', params: { min: 1 } });
    expect(line.reason).toBe('at least 1 prior line(s) of systemic therapy');
    expect(renderMessage(line.reasonMsg!, 'es')).toBe('al menos 1 línea(s) previa(s) de tratamiento sistémico');
    expect(renderMessage(line.reasonMsg!, 'it')).toBe('almeno 1 linea/e precedente/i di terapia sistemica');
    expect(line.factMsg).toEqual({ key: 'linesFact', params: { lines: 0 } });
    expect(r.coverage?.undecidedBy).toBeUndefined();
    const index = new TrialIndex([ATTRACTION2]);
    expect(matchPatient(index, gastric(0)).find((x) => x.trialId === 'NCT02267343')?.verdict ?? 'not_eligible').toBe('not_eligible');
    for (const s of scoreBothPaths(index, gastric(0))) expect(s.hot).toBeCloseTo(s.full, 9);
  });

  it('a second-line patient: the sentence holds and the trial is a match', () => {
    const r = matchTrial(ATTRACTION2, viewPatient(gastric(1)));
    const line = r.results.find((x) => x.source === REFRACTORY)!;
    expect(line).toMatchObject({ kind: 'prior_therapy', status: 'match' });
    expect(r.verdict).toBe('match');
    const [hot] = scoreBothPaths(new TrialIndex([ATTRACTION2]), gastric(1));
    expect(hot.hot).toBeCloseTo(hot.full, 9);
  });

  it('a patient whose treatment history is not recorded: the sentence is unknown, never met', () => {
    const r = matchTrial(ATTRACTION2, viewPatient(P({ age: 61, gender: 'male', oncotreeCode: 'STAD', metastatic: true, ecog: 1 })));
    expect(r.results.find((x) => x.source === REFRACTORY)!.status).toBe('unknown');
    expect(r.level).not.toBe('high');
  });
});
