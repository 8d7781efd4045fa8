/**
 * How the assistant reads what session 9 taught it (each mechanism general, its questions and trials written here, not
 * the bench's): Spanish and Italian words of eligibility read as the record's English (cycles, relapse and recurrence,
 * nodes, size, "prima" as before), a length of time and a size asked and stated with their units, a limit written in
 * words, a TNM stage, lung function by its test, a drug read as its class where the record names only the class, a
 * gene's criterion when the variant asked about is not written, "who is it for" as the inclusion criteria, and a long
 * criterion quoted from its sentence, not from an abbreviation's full stop. Every answer cites the record it quotes.
 */
import type { Trial } from '@oncodesk/shared/contracts';
import { answerQuestion, parseQuestion, type ChatSources, type Focus } from '../../src/chat/engine';
import { FOLLOW_UP } from '../../src/chat/engine/retrieved';
import { trial } from '../trials/helpers';

const criteria = (inclusion: string[], exclusion: string[] = []) =>
  ['Inclusion Criteria:', ...inclusion.map((l) => `- ${l}`), ...(exclusion.length ? ['Exclusion Criteria:', ...exclusion.map((l) => `- ${l}`)] : [])].join(
    '\n',
  );

const gastric = trial(
  'NCT09200001',
  criteria(
    [
      'Up to 4 cycles of induction chemotherapy are permitted before randomisation',
      'Completion of adjuvant trastuzumab at least 12 months before enrolment',
      'Local recurrence after breast-conserving surgery is eligible',
      'Pathologically node-positive disease',
      'Clinical stage cT2-4a N0-1 M0 by endoscopic ultrasound',
      'FEV1 >= 50% of predicted and DLCO >= 40%',
      'Largest lesion of 5 cm or less on CT',
      'Serum calcium less than or equal to 11 mg/dL',
      'White blood cell count of at least 3,000 per microliter',
      'Absolute lymphocyte count >= 800/uL',
      'Symptomatic intracranial metastases must have been treated and stable for 4 weeks',
    ],
    [
      'Known hypersensitivity to trastuzumab or its excipients',
      'Major surgery within 4 weeks',
      'Positive serology for HIV',
      'Active lung infection',
      'At least one lesion that is not measurable per RECIST',
      'Calcium supplements started during screening',
      'Prior EGFR TKI therapy of any generation',
      'Tumour without EGFR exon 19 deletion or L858R',
      'HER2 (ERBB2) activating mutation not confirmed by NGS',
      'Prior allogeneic stem cell transplant',
      'Metastases treated with radiotherapy in the last 2 weeks',
      'Active hepatitis C without a sustained virological response',
      'Active hepatitis B (positive HBsAg) not on antiviral prophylaxis',
      'Recipients of a renal transplant on immunosuppressive therapy at any time in the past',
    ],
  ),
  { briefTitle: 'A Study of Perioperative Treatment in Operable Cancers' },
);
const met = trial(
  'NCT09200002',
  criteria([
    'Tumour tissue must show MET amplification by a validated test performed in a CLIA-certified laboratory in the United States, or by an assay accredited in the European Union, i.e. fluorescence in situ hybridisation (FISH) with a MET/CEP7 ratio of at least 2.0 or next-generation sequencing with at least 6 copies, archival tissue younger than 24 months being accepted.',
    'ECOG 0-1',
  ]),
  { briefTitle: 'A MET Inhibitor in MET-Amplified Lung Cancer' },
);
const TRIALS = new Map([gastric, met].map((t) => [t.id, t]));

function sources(context: Focus = {}): ChatSources {
  return {
    patient: null,
    context,
    search: async () => null,
    trial: (id: string) => TRIALS.get(id),
    catalogue: () => [...TRIALS.values()],
    match: async () => null,
    recommendations: async () => null,
    documents: async () => [],
  } as unknown as ChatSources;
}
const cites = (a: { citations: Array<{ id: string; trialId?: string }> }, t: Trial) => a.citations.some((c) => c.id === t.id || c.trialId === t.id);
/** The first quoted line of a retrieved answer: what the record says first about the question. */
const firstQuote = (content: string) => content.split('\n').find((l) => /^- \[\d+\]/.test(l)) ?? '';

describe('a trial record read as the question puts it (session 9)', () => {
  it.each([
    // "cicli" is the record's "cycles", "prima" its "before"
    ['NCT09200001: cicli ammessi prima?', 'it', /Up to 4 cycles of induction/],
    // "quanto tempo" asks a length of time, which the record states with its unit ("12 months")
    ['NCT09200001: quanto tempo prima bisogna aver finito il trastuzumab?', 'it', /at least 12 months before/],
    // a relapse is a recurrence; "tras" is after
    ['¿el NCT09200001 acepta una recaída tras operarse?', 'es', /Local recurrence after breast-conserving/],
    // "linfonodi" are the record's nodes
    ['il NCT09200001 ammette linfonodi positivi?', 'it', /node-positive/],
    // a TNM stage however written ("cT2-4a N0-1 M0")
    ['NCT09200001 che categoria TNM è richiesta?', 'it', /cT2-4a N0-1 M0/],
    // lung function is stated by its test
    ['¿qué función pulmonar pide el NCT09200001?', 'es', /FEV1 >= 50%/],
    // a size, asked in Spanish, stated with its unit
    ['¿qué tamaño de tumor admite el NCT09200001?', 'es', /5 cm or less/],
    // a limit written in words ("less than or equal to")
    ['calcio massimo per il NCT09200001?', 'it', /less than or equal to 11 mg\/dL/],
    // a drug the record does not name, read as the class it names ("gefitinib" — "EGFR TKI")
    ['NCT09200001 accepts someone already on gefitinib?', 'en', /Prior EGFR TKI therapy/],
    // the gene's criterion when the variant asked about is not written ("exon 20 insertions" of HER2)
    ['¿el NCT09200001 acepta inserciones del exón 20 de HER2?', 'es', /HER2 \(ERBB2\) activating mutation/],
    // an organ named or by its adjective: "brain" is the record's "intracranial", "riñón" its "renal"
    ['NCT09200001: brain mets ok if treated?', 'en', /Symptomatic intracranial metastases/],
    ['¿el NCT09200001 admite trasplantados de riñón?', 'es', /renal transplant/],
    // white cells and lymphocytes by their Spanish and Italian names
    ['NCT09200001: quanti globuli bianchi ci vogliono?', 'it', /White blood cell count of at least 3,000/],
    ['¿cuántos linfocitos pide el NCT09200001?', 'es', /Absolute lymphocyte count/],
    // hepatitis B is not hepatitis C: the letter counts
    ['does NCT09200001 exclude hepatitis B carriers?', 'en', /Active hepatitis B/],
  ] as const)('%s', async (q, lang, says) => {
    const a = await answerQuestion(q, sources(), lang);
    expect(a.declined).toBeFalsy();
    expect(firstQuote(a.content)).toMatch(says);
    expect(cites(a, gastric)).toBe(true);
  });

  it('a long criterion is quoted from its sentence, not from the full stop of "i.e."', async () => {
    const a = await answerQuestion('NCT09200002 quale test per MET, FISH o NGS?', sources(), 'it');
    expect(firstQuote(a.content)).toMatch(/accredited in the European Union/);
    expect(cites(a, met)).toBe(true);
  });
});

describe('"who is it for" asks the inclusion criteria', () => {
  it.each(['who is NCT09200001 meant for?', '¿para quién es el NCT09200001?', 'per chi è il NCT09200001?'])('%s', (q) => {
    expect(parseQuestion(q).intent).toBe('criteria');
  });

  it('is answered with the record’s inclusion criteria', async () => {
    const a = await answerQuestion('who is NCT09200001 for', sources(), 'en');
    expect(a.content).toMatch(/Pathologically node-positive disease/);
    expect(cites(a, gastric)).toBe(true);
  });
});

describe('a follow-up that carries on with the trial in focus', () => {
  it.each(['same for platelets?', 'lo mismo para las plaquetas', 'stessa cosa per le piastrine?', 'idem per la creatinina'])('%s', (q) => {
    expect(FOLLOW_UP.test(q)).toBe(true);
  });
  it('a question that only starts like one is not', () => {
    expect(FOLLOW_UP.test('samefold')).toBe(false);
  });
});
