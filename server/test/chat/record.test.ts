/**
 * Questions a trial record answers though no single field holds the answer (its age limits, its design and
 * allocation), and questions about the patient's own markers: each answered from the record that states it,
 * cited, in the language of the question, and "unknown" when nothing states it.
 */
import { PatientData, type ChatMessage, type ReportDocument, type Trial } from '@oncodesk/shared/contracts';
import { answerQuestion, focusOf, type ChatSources, type Focus } from '../../src/chat/engine';
import { designOf } from '../../src/trials/design';
import { trial } from '../trials/helpers';

// NCT05696548 as its record words it: the age limit is the sixth inclusion criterion, and the registry's design module
const navigation: Trial = {
  ...trial(
    'NCT05696548',
    'Inclusion Criteria:\n\n1. Histologically confirmed as anaplastic thyroid cancer\n\n2. Unresectable anaplastic thyroid cancer\n\n6. Patients who are 20 years or older\n\n7. Eastern Cooperative Oncology Group (ECOG) performance status 0-1\n\nExclusion Criteria:\n\n1. Women of childbearing age who do not agree to contraception',
    {
      briefTitle: 'Nivolumab Plus Lenvatinib for Anaplastic Thyroid Cancer',
      interventions: [{ name: 'Nivolumab', type: 'drug', drugs: ['nivolumab'] }] as never,
    },
  ),
  officialTitle: 'Phase 2 Study of Nivolumab Plus Lenvatinib for Patients With Unresectable Anaplastic Thyroid Cancer (NAVIGATION Study)',
  design: designOf('N/A', 'Single Group Assignment', 'None (Open Label)'),
};
navigation.eligibility = { ...navigation.eligibility, minAge: 20 };
const randomised: Trial = {
  ...trial('NCT04811001', 'Inclusion Criteria:\n1. Written informed consent;\n2. Male or female patient aged ≥18 years;', {
    briefTitle: 'Best EGFR-TKI Sequence in NSCLC Harboring EGFR Mutations',
    interventions: [
      { name: 'Osimertinib', type: 'drug', drugs: ['osimertinib'] },
      { name: 'Dacomitinib', type: 'drug', drugs: ['dacomitinib'] },
    ] as never,
  }),
  officialTitle: 'A Randomised Non-comparative, Phase II Study Investigating the Best EGFR-TKI Sequence in Advanced NSCLC',
  cohorts: [
    { id: 'arm1', label: 'Arm A (Osimertinib->Dacomitinib)', type: 'experimental', interventions: [], open: true, criteria: [] },
    { id: 'arm2', label: 'Arm B (Dacomitinib->Osimertinib)', type: 'experimental', interventions: [], open: true, criteria: [] },
  ],
};
const silent: Trial = trial('NCT00000201', 'Inclusion Criteria:\n- Solid tumour\nExclusion Criteria:\n- Prior chemotherapy within 5 years', {
  briefTitle: 'A study of drug X',
});
silent.eligibility = { ...silent.eligibility, minAge: undefined };
const TRIALS = new Map([navigation, randomised, silent].map((t) => [t.id, t]));

const DOCS = [
  {
    id: 'd1',
    name: 'NGS.pdf',
    status: 'done',
    findings: [{ id: 'f1', status: 'accepted', gene: 'ESR1', source: { text: 'ESR1 Y537S missense VAF 12%', page: 2 } }],
  },
] as unknown as ReportDocument[];
const breast = PatientData.parse({
  oncotreeCode: 'IDC',
  age: 67,
  biomarkers: [
    { name: 'ER', value: 'positive', method: 'IHC' },
    { name: 'PR', value: 'positive' },
    { name: 'HER2', value: 'negative' },
  ],
  alterations: [{ gene: 'ESR1', proteinChange: 'Y537S' }],
  priorTreatments: [{ name: 'fulvestrant' }, { name: 'abemaciclib' }, { name: 'ribociclib' }],
});

function sources(context: Focus = {}, data = breast): ChatSources {
  return {
    patient: { id: 'p1', name: 'Breast · HR+/HER2−', focusArea: 'breast' as never, data },
    context,
    search: async () => ({ searchKey: 'k', createdAt: '2026-01-01T00:00:00Z', results: [] }),
    trial: (id) => TRIALS.get(id),
    match: async () => null,
    // an option whose rationale names ER: a marker question must not be answered from it
    recommendations: async () =>
      ({
        pack: { name: 'Pack', version: '1', date: '2026', disclaimer: '' },
        considered: 1,
        recommendations: [
          {
            id: 'opt',
            therapy: 'Elacestrant',
            drugs: ['elacestrant'],
            rationale: 'ER-positive, HER2-negative disease with ESR1 mutation',
            matchedOn: ['ER positive'],
            caveats: [],
            evidence: { source: 'FDA', citation: 'label', date: '2025' },
            supporting: [],
          },
        ],
        notApplicable: [],
        missingData: [],
      }) as never,
    documents: async () => DOCS,
  };
}

describe('age limits of a trial', () => {
  it.each([
    ['NCT05696548 age', 'en', /Age limits of the study NCT05696548/],
    ['edad mínima NCT05696548', 'es', /Límites de edad del estudio NCT05696548/],
    ['età per NCT05696548', 'it', /Limiti di età dello studio NCT05696548/],
  ] as const)('%s: the record’s own sentence and the registry’s minimum, cited', async (q, lang, head) => {
    const a = await answerQuestion(q, sources(), lang);
    expect(a.declined).toBeUndefined();
    expect(a.content).toMatch(head);
    expect(a.content).toMatch(/Patients who are 20 years or older/);
    expect(a.content).toMatch(/20/);
    // "women of childbearing age" is no age limit
    expect(a.content).not.toMatch(/childbearing/);
    expect(a.citations[0]).toMatchObject({ kind: 'trial', id: 'NCT05696548' });
    expect(a.citations.some((c) => c.kind === 'criterion' && c.trialId === 'NCT05696548')).toBe(true);
  });

  it('a follow-up "¿y la edad?" keeps the trial last named, and answers in Spanish', async () => {
    const history = [{ role: 'user', content: 'tell me about NCT05696548', citations: [] }] as unknown as ChatMessage[];
    const a = await answerQuestion('¿y la edad?', sources(focusOf({}, history)), 'es');
    expect(a.content).toMatch(/^Límites de edad del estudio NCT05696548/);
    expect(a.content).toMatch(/20 years or older/);
  });

  it('"how old is she" with a trial in focus asks the patient, not the trial', async () => {
    const a = await answerQuestion('how old is she', sources({ trialId: 'NCT05696548' }), 'en');
    expect(a.content).not.toMatch(/Age limits/);
    expect(a.content).toMatch(/67/);
  });

  it('a record that states none says so', async () => {
    const a = await answerQuestion('age limit NCT00000201', sources(), 'en');
    expect(a.content).toBe('The record of NCT00000201 states no age limit.');
    expect(a.citations).toEqual([expect.objectContaining({ kind: 'trial', id: 'NCT00000201' })]);
  });
});

describe('design and allocation of a trial', () => {
  it('"randomized or single arm?" in a conversation on the trial: the allocation as the record states it, and the arms — not the interventions', async () => {
    const a = await answerQuestion('randomized or single arm?', sources({ trialId: 'NCT04811001' }), 'en');
    expect(a.content).toMatch(/^Design of the study NCT04811001/);
    expect(a.content).toMatch(/A Randomised Non-comparative, Phase II Study/);
    expect(a.content).toMatch(/Arm A \(Osimertinib->Dacomitinib\) \(experimental\)/);
    expect(a.content).not.toMatch(/Interventions of/);
    expect(a.citations[0]).toMatchObject({ kind: 'trial', id: 'NCT04811001' });
  });

  it('reads the registry’s design fields (one group, open label) in Italian', async () => {
    const a = await answerQuestion('NCT05696548 è randomizzato?', sources(), 'it');
    expect(a.content).toMatch(/^Disegno dello studio NCT05696548/);
    expect(a.content).toMatch(/modello di assegnazione: Single Group Assignment; mascheramento: None \(Open Label\)/);
    expect(a.content).not.toMatch(/non indica se lo studio è randomizzato/);
  });

  it('says the record does not state the allocation rather than guess', async () => {
    const a = await answerQuestion('is NCT00000201 randomised', sources(), 'en');
    expect(a.content).toMatch(/The record does not state whether the study is randomised\./);
  });

  it('API v2 design enums are read as words; N/A states nothing', () => {
    expect(designOf('RANDOMIZED', 'PARALLEL', 'DOUBLE')).toEqual({ allocation: 'Randomized', model: 'Parallel', masking: 'Double' });
    expect(designOf('NA', undefined, undefined)).toBeUndefined();
  });
});

describe("the patient's markers", () => {
  it('"er status": the recorded ER status, cited to the patient — not an option that mentions ER', async () => {
    const a = await answerQuestion('er status', sources(), 'en');
    expect(a.content).toMatch(/ER \(estrogen receptor\): positive \(IHC\)/);
    expect(a.citations[0]).toMatchObject({ kind: 'patient', id: 'p1' });
    expect(a.citations.some((c) => c.kind === 'guideline')).toBe(false);
    expect(a.content).not.toMatch(/Elacestrant/);
  });

  it.each([
    ['PgR?', 'it', /PR \(recettore del progesterone\): positivo/],
    ['receptores hormonales', 'es', /ER \(receptor de estrógenos\): positivo[\s\S]*PR \(receptor de progesterona\): positivo/],
    ['her2 de la paciente', 'es', /HER2: negativo/],
  ] as const)('%s → %s', async (q, lang, says) => {
    const a = await answerQuestion(q, sources(), lang);
    expect(a.content).toMatch(says);
  });

  it('a gene: the recorded alteration and the report line that states it', async () => {
    const a = await answerQuestion('esr1 status', sources(), 'en');
    expect(a.content).toMatch(/ESR1: Y537S/);
    expect(a.citations.some((c) => c.kind === 'document' && c.documentId === 'd1')).toBe(true);
  });

  it('a marker neither the record nor a report states is unknown, not guessed', async () => {
    const a = await answerQuestion('msi status', sources(), 'en');
    expect(a.content).toMatch(/does not state MSI \(microsatellite instability\) \(unknown\)/);
    expect(a.citations[0]).toMatchObject({ kind: 'patient' });
  });

  it('with a trial in focus, "her2 required?" asks the trial, not the patient', async () => {
    const a = await answerQuestion('her2 required?', sources({ trialId: 'NCT04811001' }), 'en');
    expect(a.content).not.toMatch(/What the patient's record and reports state/);
  });

  it('"qué inhibidores de CDK4/6 recibió": the CDK4/6 inhibitors among the prior treatments — a class, not the gene CDK4', async () => {
    const a = await answerQuestion('qué inhibidores de CDK4/6 recibió', sources(), 'es');
    expect(a.content).toMatch(/^De los tratamientos previos/);
    expect(a.content).toMatch(/abemaciclib, ribociclib/);
    expect(a.content).not.toMatch(/fulvestrant|CDK4\b/);
    expect(a.citations).toEqual([expect.objectContaining({ kind: 'patient' })]);
  });

  it('a drug the record does not hold as received says so, with what it holds', async () => {
    const a = await answerQuestion('has she had pembro before', sources(), 'en');
    expect(a.content).toBe("None of the prior treatments in the patient's record is what you asked about; it records: fulvestrant, abemaciclib, ribociclib.");
  });

  it('"mutaciones del paciente": every alteration the record and the reports hold, in Spanish', async () => {
    const a = await answerQuestion('mutaciones del paciente', sources(), 'es');
    expect(a.content).toMatch(/^Lo que indican la ficha del paciente/);
    expect(a.content).toMatch(/ESR1: Y537S/);
    expect(a.citations.some((c) => c.kind === 'document')).toBe(true);
  });

  it('an MMR question also gets the MSI the record states', async () => {
    const a = await answerQuestion('is he dMMR', sources({}, PatientData.parse({ oncotreeCode: 'COAD', msi: 'high' })), 'en');
    expect(a.content).toMatch(/MSI \(microsatellite instability\): high/);
  });

  it('"che farmaci ha fatto" names no trial: the patient\'s prior treatments, in Italian, cited to the patient', async () => {
    const a = await answerQuestion('che farmaci ha fatto', sources(), 'it');
    expect(a.content).toBe('- [1] Trattamenti precedenti: fulvestrant; abemaciclib; ribociclib');
    expect(a.citations).toEqual([expect.objectContaining({ kind: 'patient' })]);
  });

  it('"brca status": both BRCA genes unknown, with what the guideline pack would decide with them and the test it names', async () => {
    const base = sources();
    const withMissing: ChatSources = {
      ...base,
      recommendations: async () =>
        ({
          ...((await base.recommendations()) as object),
          missingData: [{ fact: 'BRCA1/2 status not recorded', action: 'Germline BRCA1/2 testing', decides: ['Olaparib'] }],
        }) as never,
    };
    const a = await answerQuestion('brca status', withMissing, 'en');
    expect(a.content).toMatch(/does not state BRCA1, BRCA2 \(unknown\)/);
    expect(a.content).toMatch(/BRCA1\/2 status not recorded — to do: Germline BRCA1\/2 testing → Olaparib/);
    expect(a.citations.map((c) => c.kind)).toEqual(['patient', 'guideline']);
  });
});

describe('the trial in focus', () => {
  it('"quanti anni deve avere il paziente" asks the trial’s limit, though it names the patient', async () => {
    const a = await answerQuestion('quanti anni deve avere il paziente', sources({ trialId: 'NCT05696548' }), 'it');
    expect(a.content).toMatch(/^Limiti di età dello studio NCT05696548/);
  });

  it('a criteria question about one thing gets the record’s sentence about it, not the whole list', async () => {
    const a = await answerQuestion('NCT05696548 inclusion criteria on ECOG', sources(), 'en');
    expect(a.content).toMatch(/Eastern Cooperative Oncology Group \(ECOG\) performance status 0-1/);
    expect(a.content).not.toMatch(/Histologically confirmed/);
    const list = await answerQuestion('NCT05696548 inclusion criteria', sources(), 'en');
    expect(list.content).toMatch(/^Inclusion criteria of NCT05696548:/);
  });
});
