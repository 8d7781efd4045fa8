/**
 * The criterion kinds added for coverage, each read from real sentences of the shared trials, and how
 * each is evaluated: administrative items are shown apart and never counted; the rest stay unknown
 * unless the patient record decides them.
 */
import { renderMessage, type ComorbidityCondition, type CriterionSpec, type PatientData } from '@oncodesk/shared/contracts';
import { compileItem } from '../../src/trials/compiler';
import { evaluateSpec, quickHolds, viewPatient } from '../../src/trials/matcher';
import { inSharedTrials, P } from './helpers';

type Section = 'inclusion' | 'exclusion';
const read = (text: string, section: Section) => {
  expect(inSharedTrials(text)).toBe(true);
  return compileItem({ section, text }).map((c) => ({ polarity: c.polarity, spec: c.spec }));
};
const has = (text: string, section: Section, polarity: Section, spec: Partial<CriterionSpec>) =>
  expect(read(text, section)).toEqual(expect.arrayContaining([{ polarity, spec: expect.objectContaining(spec) }]));
const lacks = (text: string, section: Section, kind: string) => expect(read(text, section).map((c) => c.spec.kind)).not.toContain(kind);

describe('administrative items: consent, compliance, contraception, logistics, references', () => {
  it.each([
    ['Patients must have the ability to understand and the willingness to signed a written informed consent document.', 'consent'],
    ['Willingness and ability to comply with scheduled visits, treatment plans, laboratory tests and other study procedures', 'compliance'],
    ['Sexually active participants must use medically acceptable methods of contraception during the course of the study', 'contraception'],
    ['Formalin fixed, paraffin embedded tumour sample from the primary or recurrent cancer must be available for central testing.', 'sample'],
    ['Any condition which in the Investigator\'s opinion deems the participant an unsuitable candidate to receive study drug', 'investigator_judgement'],
    ['To be included in the study, patients must meet the following criteria:', 'reference'],
  ])('%s → %s', (text, topic) => {
    expect(read(text, 'inclusion').map((c) => c.spec)).toEqual([{ kind: 'administrative', topic }]);
  });

  it('a patient criterion in the same item wins: a negative pregnancy test is a pregnancy criterion', () => {
    expect(read('Female subjects of childbearing potential must have a negative pregnancy test (serum or urine) result within 8 days before starting study treatment.', 'inclusion').map((c) => c.spec.kind)).toEqual(['pregnancy']);
  });

  it('a line that only introduces clinical content is not administrative', () => {
    lacks('Nonseminoma germ cell tumor of any extracranial primary site diagnosed by 1 of the following methods:', 'inclusion', 'administrative');
  });
});

describe('life expectancy, organ function, menopausal status', () => {
  it('reads a minimum survival in months from weeks, months or "less than" in an exclusion', () => {
    has('Life expectancy of at least 12 weeks', 'inclusion', 'inclusion', { kind: 'life_expectancy', minMonths: 2.8 });
    has('Life-expectancy >3 months', 'inclusion', 'inclusion', { kind: 'life_expectancy', minMonths: 3 });
  });
  it('reads function statements without thresholds, and a dysfunction as the absence of adequate function', () => {
    const systems = read('Adequate bone marrow, hepatic and renal function', 'inclusion').map((c) => c.spec.kind === 'organ_function' && c.spec.system);
    expect(systems).toEqual(['marrow', 'liver', 'kidney']);
    has('Inadequate renal function', 'exclusion', 'inclusion', { kind: 'organ_function', system: 'kidney' });
    has('No major organ dysfunction', 'inclusion', 'inclusion', { kind: 'organ_function', system: 'overall' });
  });
  it('reads menopausal status, not the contraception exemption that names it', () => {
    has('Have postmenopausal status', 'inclusion', 'inclusion', { kind: 'menopausal_status', status: 'postmenopausal' });
    lacks('Agreement to use highly effective contraceptive methods per protocol', 'inclusion', 'menopausal_status');
    expect(compileItem({ section: 'inclusion', text: 'Female patient is either post-menopausal for at least 1 year before the screening visit or surgically sterile or, if of childbearing potential, agrees to practice 2 effective methods of contraception' }).map((c) => c.spec.kind)).not.toContain('menopausal_status');
  });
});

describe('washout windows (recent_therapy) and prior local treatment (prior_procedure)', () => {
  it('reads each therapy of a window with its own duration', () => {
    const got = read('Patients who have had chemotherapy, radiotherapy, or immunotherapy within 4 weeks (6 weeks for nitrosoureas or mitomycin C) prior to entering the study or those who have not recovered from adverse events due to agents administered more than 4 weeks earlier.', 'exclusion');
    expect(got).toEqual(expect.arrayContaining([
      { polarity: 'exclusion', spec: { kind: 'recent_therapy', therapy: 'chemotherapy', days: 28 } },
      { polarity: 'exclusion', spec: { kind: 'recent_therapy', therapy: 'radiotherapy', days: 28 } },
      { polarity: 'exclusion', spec: { kind: 'recent_therapy', therapy: 'immunotherapy', days: 28 } },
      { polarity: 'exclusion', spec: { kind: 'comorbidity', condition: 'unresolved_toxicity' } },
    ]));
    expect(got.some((c) => c.spec.kind === 'prior_therapy')).toBe(false);
  });
  it('"at least N weeks since" in an inclusion excludes the therapy within the window', () => {
    has('At least 4 weeks since major surgery', 'inclusion', 'exclusion', { kind: 'recent_therapy', therapy: 'surgery', days: 28 });
    has('At least 4 weeks since prior bevacizumab', 'inclusion', 'exclusion', { kind: 'recent_therapy', therapy: 'systemic', days: 28 });
    has('At least 4 weeks since prior myelosuppressive therapy', 'inclusion', 'exclusion', { kind: 'recent_therapy', therapy: 'chemotherapy', days: 28 });
  });
  it('a pregnancy test "within 24 hours prior to the start of nivolumab" is neither a window on nivolumab nor prior nivolumab', () => {
    const kinds = read('Women of childbearing potential must have a negative serum or urine pregnancy test (minimum sensitivity 25 IU/L or equivalent units of HCG) within 24 hours prior to the start of nivolumab.', 'inclusion').map((c) => c.spec.kind);
    expect(kinds).toEqual(['pregnancy']);
  });
  it('an infection "requiring systemic treatment within the last two months" is a comorbidity, not a therapy window', () => {
    const kinds = read('Participants with active bacterial, viral, or fungal infection requiring systemic treatment within the last two months prior to registration', 'exclusion').map((c) => c.spec.kind);
    expect(kinds).toEqual(['comorbidity']);
  });
  it('reads prior radiotherapy with its site, and a transplant', () => {
    has('History of prior allogeneic hematopoietic stem cell or solid organ transplantation', 'exclusion', 'exclusion', { kind: 'prior_procedure', procedure: 'stem_cell_transplant' });
    expect(read('Prior pelvic or abdominal radiotherapy', 'exclusion')).toBeDefined();
  });
});

describe('current medication, hypersensitivity and the wider comorbidity vocabulary', () => {
  it.each([
    ['Patients with a medical necessity to continue active therapy with CYP3A4 strong inhibitors or inducers.', 'cyp3a_modulator'],
    ['Antifungals: itraconazole, ketoconazole, voriconazole, fluconazole, posaconazole', 'cyp3a_modulator'],
    ['Patients who require full-dose anticoagulation.', 'anticoagulant'],
    ['Subjects taking immunosuppressive medications at the screening visit.', 'immunosuppressant'],
    ['No other concurrent investigational therapy', 'investigational'],
  ])('%s → %s', (text, medication) => {
    expect(read(text, text.startsWith('No ') ? 'inclusion' : 'exclusion')).toEqual(expect.arrayContaining([{ polarity: 'exclusion', spec: { kind: 'concomitant_medication', medication } }]));
  });
  it('a therapy "for HIV-positive patients" does not make HIV a condition of the criterion', () => {
    const specs = read('No concurrent combination antiretroviral therapy for HIV-positive patients', 'inclusion').map((c) => c.spec);
    expect(specs).toEqual([{ kind: 'concomitant_medication', medication: 'other' }]);
  });
  it('names the drugs of a hypersensitivity, and a contraindication to a procedure is none', () => {
    has('Known hypersensitivity to everolimus, sirolimus, or any of its excipients.', 'exclusion', 'exclusion', { kind: 'hypersensitivity', drugs: expect.arrayContaining(['everolimus', 'sirolimus']) });
    expect(read('Contraindication for therapeutic hypothermia', 'exclusion').map((c) => c.spec.kind)).toEqual(['free_text']);
    lacks('Histologically or cytologically confirmed diagnosis of advanced solid tumor and has failed or is intolerant of standard therapy, or for whom standard therapy does not exist.', 'inclusion', 'hypersensitivity');
  });
  it.each([
    ['Grade 2 or greater peripheral neuropathy', 'peripheral_neuropathy'],
    ['History of pulmonary embolism or deep vein thrombosis within the past 6 months', 'thromboembolism'],
    ['No known history of cerebrovascular accidents or transient ischemic attacks', 'cerebrovascular'],
    ['Uncontrolled intercurrent illness', 'serious_illness'],
    ['Any patient requiring supplemental oxygen therapy', 'pulmonary'],
    ['No rheumatoid arthritis or systemic lupus erythematosus requiring active treatment', 'autoimmune'],
    ['Other neoplasm within the past 5 years except for nonmetastatic, nonmelanoma skin cancers, carcinoma in situ of the cervix, or cancer cured by surgery or chemotherapy', 'other_malignancy'],
    ['The subject has not recovered to National Cancer Institute Common Terminology Criteria for Adverse Events (CTCAE) v3.0 Grade ≤ 1 from adverse events (AEs) due to surgery, antineoplastic agents, investigational drugs, or other medications that were administered before study enrollment.', 'unresolved_toxicity'],
  ])('%s → %s', (text, condition) => {
    has(text, text.startsWith('No ') ? 'inclusion' : 'exclusion', 'exclusion', { kind: 'comorbidity', condition: condition as ComorbidityCondition });
  });
  it('a grade threshold the survey cannot decide alone lowers the confidence below decisive', () => {
    const c = compileItem({ section: 'exclusion', text: 'Grade 2 or greater peripheral neuropathy' }).find((x) => x.spec.kind === 'comorbidity')!;
    expect(c.confidence).toBeLessThan(0.6);
  });
  it('a site in a conditional threshold is not a metastasis requirement', () => {
    lacks('AST and ALT ≤ 2.5 times ULN (≤ 5 times ULN if f liver metastases present)', 'inclusion', 'metastasis_site');
    lacks('AST(SGOT)/ALT(SGPT) ≤ 2.5 x IULN (≤ 5 x IULN for patients with liver metastases or hepatocellular carcinoma (HCC))', 'inclusion', 'diagnosis');
  });
  it('reads lab thresholds written with </= and >/=, never a time window as a value', () => {
    has('Cardiac Ejection fraction >/= 40%', 'inclusion', 'inclusion', { kind: 'lab', analyte: 'lvef', op: '>=', value: 40 });
    lacks('Patients must have a sodium (Na), potassium (K), chlorine (Cl), calcium (Ca), magnesium (Mg), and glycosylated hemoglobin measurement (HbA1c) performed within 7 days prior to sub-study registration', 'inclusion', 'lab');
  });
});

describe('evaluation of the new kinds', () => {
  const holds = (spec: CriterionSpec, p: Partial<PatientData>) => quickHolds(spec, viewPatient(P(p)));

  it('"none of these" decides the comorbidities the survey asks, not those it never asks', () => {
    expect(holds({ kind: 'comorbidity', condition: 'peripheral_neuropathy' }, { comorbidities: ['none'] })).toBe(false);
    expect(holds({ kind: 'comorbidity', condition: 'peripheral_neuropathy' }, { comorbidities: ['peripheral_neuropathy'] })).toBe(true);
    expect(holds({ kind: 'comorbidity', condition: 'serious_illness' }, { comorbidities: ['none'] })).toBeUndefined();
    expect(holds({ kind: 'comorbidity', condition: 'unresolved_toxicity' }, { comorbidities: ['none'] })).toBeUndefined();
  });
  it('a patient who never had systemic therapy had none within a window; dates decide nothing else', () => {
    const untreated = { priorLines: 0 };
    expect(holds({ kind: 'recent_therapy', therapy: 'chemotherapy', days: 28 }, untreated)).toBe(false);
    expect(holds({ kind: 'recent_therapy', therapy: 'radiotherapy', days: 14 }, untreated)).toBeUndefined();
    expect(holds({ kind: 'recent_therapy', therapy: 'chemotherapy', days: 28 }, { priorTreatments: [{ name: 'carboplatin', kind: 'drug' }] })).toBeUndefined();
  });
  it('long-term steroid treatment answers the corticosteroid criterion; menopausal status is read from the record', () => {
    expect(holds({ kind: 'concomitant_medication', medication: 'corticosteroid' }, { comorbidities: ['immunosuppression'] })).toBe(true);
    expect(holds({ kind: 'concomitant_medication', medication: 'cyp3a_modulator' }, { comorbidities: ['none'] })).toBeUndefined();
    expect(holds({ kind: 'menopausal_status', status: 'postmenopausal' }, { gender: 'female', menopausalStatus: 'postmenopausal' })).toBe(true);
    expect(holds({ kind: 'menopausal_status', status: 'postmenopausal' }, { gender: 'female' })).toBeUndefined();
  });
  it('life expectancy, organ function without numbers, hypersensitivity and administrative items stay unknown with a reason', () => {
    for (const spec of [{ kind: 'life_expectancy', minMonths: 3 }, { kind: 'organ_function', system: 'marrow' }, { kind: 'hypersensitivity', drugs: ['docetaxel'] }, { kind: 'administrative', topic: 'consent' }] as CriterionSpec[]) {
      const e = evaluateSpec(spec, viewPatient(P({ comorbidities: ['none'], priorLines: 0 })));
      expect(e.holds).toBeUndefined();
      expect(e.reason).toMatch(/\S/);
    }
  });
});

describe('a duration of therapy is not a washout window', () => {
  it('"A minimum of 6 weeks of prior trastuzumab ... is required" requires prior trastuzumab', () => {
    const got = read('A minimum of 6 weeks of prior trastuzumab for the treatment of metastatic or unresectable locally advanced/recurrent disease is required.', 'exclusion');
    expect(got.map((c) => c.spec.kind)).not.toContain('recent_therapy');
    expect(got).toEqual(expect.arrayContaining([expect.objectContaining({ spec: expect.objectContaining({ kind: 'prior_therapy', drugs: ['trastuzumab'] }) })]));
  });
  it('"within 4 weeks of the start of treatment" is still a window', () => {
    has('Major surgery within 4 weeks of the start of study treatment, without complete recovery', 'exclusion', 'exclusion', { kind: 'recent_therapy', therapy: 'surgery', days: 28 });
  });
});

describe('tumour grade: Gleason score of prostate cancer, low / high grade of urothelial tumours', () => {
  it('reads Gleason ranges as the trials write them', () => {
    has('Gleason score ≤ 6', 'inclusion', 'inclusion', { kind: 'histologic_grade', gleasonMax: 6 });
    has('Gleason score of >=6', 'inclusion', 'inclusion', { kind: 'histologic_grade', gleasonMin: 6 });
    has('Low grade (Gleason =< 6) localized prostate cancer', 'exclusion', 'exclusion', { kind: 'histologic_grade', gleasonMax: 6 });
    lacks('The subject has biopsy-proven adenocarcinoma of the prostate with intermediate to high risk disease by UCSF CAPRA scoring and possesses a Gleason 4 component to the tumor.', 'inclusion', 'histologic_grade');
    has('Gleason score < 8 on post-operative pathological sample prior to randomization', 'inclusion', 'inclusion', { kind: 'histologic_grade', gleasonMax: 7 });
    has('Gleason score >= 8 on post-operative pathological sample prior to randomization', 'exclusion', 'exclusion', { kind: 'histologic_grade', gleasonMin: 8 });
    has('T2, PSA greater than 20 µg/L AND Gleason score at least 8', 'inclusion', 'inclusion', { kind: 'histologic_grade', gleasonMin: 8 });
  });
  it('leaves alone a grade that is one alternative of a risk list, a grade of another cancer, and grade words of other things', () => {
    lacks('prostate carcinoma: clinical stage T2b-3 or serum PSA>20 ng/ml or Gleason sum score 8-10.', 'inclusion', 'histologic_grade');
    lacks('No prior malignancy is allowed except for adequately treated basal cell or squamous cell skin cancer, in situ cervical cancer, Gleason < grade 7 prostate cancers, or other cancer for which the patient has been disease-free for at least 5 years.', 'exclusion', 'histologic_grade');
    // a conditional allowance ("a secondary pattern 4 is acceptable provided that ...") leaves the grade to the clinician
    lacks('Gleason score ≤ 3+3 For patients characterized with prostate mapping (transperineal template guided biopsy at 5mm intervals) a secondary pattern 4 is acceptable provided that it is not present in more than 3 cores from each side of the prostate and is no more than 3 mm cancer core length.', 'inclusion', 'histologic_grade');
    lacks('Gleason score and PSA known', 'inclusion', 'histologic_grade');
    lacks('Any Gleason score', 'inclusion', 'histologic_grade');
    lacks('Recurrent or refractory high grade glioma, (anaplastic astrocytoma, glioblastoma multiforme, gliosarcoma, anaplastic oligodendroglioma)', 'inclusion', 'histologic_grade');
    lacks('Participants with dysplasia-associated lesion or mass (DALM), high-grade dysplasia or invasive colonic carcinoma are excluded', 'exclusion', 'histologic_grade');
  });
  it('reads the grade of bladder tumours', () => {
    has('All patients with stage Ta will require documentation of high-grade histology.', 'inclusion', 'inclusion', { kind: 'histologic_grade', grade: 'high' });
    has('Does the patient have transitional cell carcinoma of the bladder with clinically apparent tumor Ta, grade G1-G2?', 'inclusion', 'inclusion', { kind: 'histologic_grade', grade: 'low' });
    lacks('Does the patient have, or has the patient ever had, any bladder tumor known to be other than tumor Ta or grade G1 or G2 (low grade [WHO/ISUP classification])?', 'exclusion', 'histologic_grade');
  });
  it('is decided by the grade group the survey records: met, not met, or unknown where the group spans the bound', () => {
    const holds = (spec: CriterionSpec, p: Partial<PatientData>) => quickHolds(spec, viewPatient(P(p)));
    const high = { kind: 'histologic_grade', gleasonMin: 8 } as const;
    const low = { kind: 'histologic_grade', gleasonMax: 6 } as const;
    expect(holds(high, { gleasonGradeGroup: 4 })).toBe(true);
    expect(holds(high, { gleasonGradeGroup: 5 })).toBe(true);
    expect(holds(high, { gleasonGradeGroup: 3 })).toBe(false);
    expect(holds(low, { gleasonGradeGroup: 1 })).toBe(true);
    expect(holds(low, { gleasonGradeGroup: 2 })).toBe(false);
    // grade group 5 is Gleason 9 or 10: "Gleason 9" alone is not decided by it
    expect(holds({ kind: 'histologic_grade', gleasonMin: 9, gleasonMax: 9 }, { gleasonGradeGroup: 5 })).toBeUndefined();
    expect(holds(high, {})).toBeUndefined();
    expect(holds({ kind: 'histologic_grade', grade: 'high' }, { tumorGrade: 'high' })).toBe(true);
    expect(holds({ kind: 'histologic_grade', grade: 'high' }, { tumorGrade: 'low' })).toBe(false);
    const e = evaluateSpec(high, viewPatient(P({ gleasonGradeGroup: 3 })));
    expect([e.holds, e.fact, e.reason]).toEqual([false, 'Gleason 7 (ISUP grade group 3)', 'Gleason score ≥ 8']);
    expect(renderMessage(e.reasonMsg, 'it')).toBe('punteggio di Gleason ≥ 8');
  });
});

describe('tumour markers the survey records answer lab thresholds', () => {
  it('"PSA < 10 ng/mL" is decided by the PSA the survey recorded, in the same unit only', () => {
    const spec = read('Maximal prostate-specific antigen (PSA) < 10 ng/mL', 'inclusion').find((c) => c.spec.kind === 'lab')!.spec;
    expect(spec).toMatchObject({ kind: 'lab', analyte: 'psa', op: '<', value: 10, unit: 'ng/mL' });
    const withPsa = (value: string, unit = 'ng/mL') => viewPatient(P({ biomarkers: [{ name: 'PSA', value, unit }] }));
    expect(quickHolds(spec, withPsa('5.2'))).toBe(true);
    expect(quickHolds(spec, withPsa('14'))).toBe(false);
    expect(quickHolds(spec, withPsa('5.2', 'µg/dL'))).toBeUndefined();
    expect(quickHolds(spec, viewPatient(P({})))).toBeUndefined();
    expect(evaluateSpec(spec, withPsa('5.2')).fact).toBe('PSA 5.2 ng/mL');
  });
});

describe('an exclusion written "No X" excludes X', () => {
  // read on 40 exclusion items opening with "No" / "Not" drawn at random (seed 42) from the shared trials:
  // "No X" under an Exclusion heading restates the heading; "Not adequate ..." keeps its literal reading
  it.each([
    ['No prior tx with cisplatin or carboplatin', { kind: 'prior_therapy', drugs: ['cisplatin', 'carboplatin'] }],
    ['No prior cytotoxic chemotherapy or trastuzumab for locally recurrent or metastatic disease.', { kind: 'prior_therapy', classes: ['chemotherapy'] }],
    ['No history or presence of central nervous system (CNS) disease.', { kind: 'brain_metastases' }],
    ['No ≥ grade 2 peripheral neuropathy.', { kind: 'comorbidity', condition: 'peripheral_neuropathy' }],
  ])('%s', (text, spec) => has(text, 'exclusion', 'exclusion', spec as Partial<CriterionSpec>));
  it('"Not adequate ... function" under Exclusion requires adequate function; "No prior X" under Inclusion still excludes X', () => {
    has('Not adequate hematologic, renal and hepatic function', 'exclusion', 'inclusion', { kind: 'organ_function', system: 'kidney' });
    has('No prior chemotherapy for metastatic disease', 'inclusion', 'exclusion', { kind: 'prior_therapy', classes: ['chemotherapy'] });
  });
});

describe('cirrhosis, a comorbidity of its own', () => {
  const specsOf = (text: string, section: 'inclusion' | 'exclusion' = 'exclusion') => compileItem({ section, text }).map((c) => ({ polarity: c.polarity, spec: c.spec }));
  it.each([
    'Known liver cirrhosis',
    'Moderate to severe hepatic impairment, i.e., Child-Pugh Class B or C',
    'Severe organ dysfunctions (e.g. Liver cirrhosis ≥ Child B)',
    'History of hepatic decompensation',
  ])('%s → an exclusion of cirrhosis', (text) => {
    expect(specsOf(text)).toContainEqual({ polarity: 'exclusion', spec: { kind: 'comorbidity', condition: 'cirrhosis' } });
    expect(specsOf(text)).not.toContainEqual(expect.objectContaining({ spec: { kind: 'comorbidity', condition: 'liver_disease' } }));
  });
  it('"No cirrhosis" in an inclusion list excludes it; "Child-Pugh class A" is no cirrhosis criterion', () => {
    expect(specsOf('No cirrhosis', 'inclusion')).toContainEqual({ polarity: 'exclusion', spec: { kind: 'comorbidity', condition: 'cirrhosis' } });
    expect(specsOf('Liver function Child-Pugh class A', 'inclusion').map((c) => c.spec)).not.toContainEqual({ kind: 'comorbidity', condition: 'cirrhosis' });
  });
  it('holds for a recorded cirrhosis or a Child-Pugh class B or C; class A leaves it to the clinician; "none of these" rules it out', () => {
    const holds = (p: Partial<PatientData>) => quickHolds({ kind: 'comorbidity', condition: 'cirrhosis' }, viewPatient(P(p)));
    expect(holds({ comorbidities: ['cirrhosis'] })).toBe(true);
    expect(holds({ childPugh: 'B' })).toBe(true);
    expect(holds({ childPugh: 'A', comorbidities: ['cirrhosis', 'hepatitis_c'] })).toBeUndefined();
    expect(holds({ comorbidities: ['none'] })).toBe(false);
    expect(holds({})).toBeUndefined();
  });
  it('has its words in every language', () => {
    const words = { en: /liver cirrhosis/, es: /cirrosis hepática/, it: /cirrosi epatica/ };
    for (const lang of ['en', 'es', 'it'] as const) expect(renderMessage({ key: 'condition', params: { condition: '@cirrhosis' } }, lang)).toMatch(words[lang]);
  });
});
