import { ComorbidityCondition } from '@oncodesk/shared/contracts';
import { read } from './read';

describe('clinical language reader: shorthand as oncologists write it', () => {
  it('a CDK4/6 inhibitor written "CDK4/6i" is a prior treatment, never a CDK4 alteration', () => {
    const { patient } = read('mBC HR+/HER2-, s/p CDK4/6i + AI, now PD in the liver. ECOG 1.');
    expect(patient.alterations).toEqual([]);
    expect(patient.priorTreatments.map((t) => t.name)).toEqual(expect.arrayContaining(['cdk46_inhibitor', 'aromatase_inhibitor']));
    expect(patient.priorTreatments.find((t) => t.name === 'cdk46_inhibitor')).toMatchObject({ kind: 'drug_class' });
    expect(patient).toMatchObject({ focusArea: 'breast', metastatic: true, diseaseStatus: 'progressive', ecog: 1 });
    // the Italian and Spanish ways of writing it too
    expect(read('pretrattata con inibitore CDK4/6 e fulvestrant').patient.alterations).toEqual([]);
    expect(read('pretrattata con inibitore CDK4/6 e fulvestrant').patient.priorTreatments.map((t) => t.name)).toEqual(['cdk46_inhibitor', 'fulvestrant']);
  });

  it('regimens written the short way are treatments with their line; planned ones are not', () => {
    const { patient } = read('58M, stage IVA NSCLC adeno, progressed on carbo/pem/pembro 1L. Candidate for 2L docetaxel.');
    expect(patient.priorTreatments.map((t) => [t.name, t.line])).toEqual([
      ['carboplatin', 1],
      ['pemetrexed', 1],
      ['pembrolizumab', 1],
    ]);
    expect(patient.priorTreatments.some((t) => t.name === 'docetaxel')).toBe(false);
    expect(patient).toMatchObject({ age: 58, gender: 'male', stage: 'IVA', oncotreeCode: 'LUAD', focusArea: 'lung', priorLines: 1 });
    expect(read('HER2+ mGEJ adenocarcinoma, PD on FOLFOX-trastuzumab').patient.priorTreatments.map((t) => t.name)).toEqual(['FOLFOX', 'trastuzumab']);
    expect(read('mCRPC, s/p ADT + abiraterone, post-ARPI').patient).toMatchObject({ castrationStatus: 'resistant', metastatic: true, focusArea: 'prostate' });
    expect(read('mCRPC, s/p ADT + abiraterone').patient.priorTreatments.map((t) => t.name)).toEqual(['adt', 'abiraterone']);
  });

  it('a current treatment is a treatment received (session 9), not one that progressed; a course named by its setting was given; a range is not a value', () => {
    const a = read('45 yo F, ER+/PR+/HER2- IDC, s/p lumpectomy, on tamoxifen').patient;
    expect(a.priorTreatments.map((t) => [t.name, t.progressed])).toEqual([
      ['surgery', undefined],
      ['tamoxifen', undefined],
    ]);
    const b = read('recurrent RCC after radical nephrectomy (pT3a N0), adjuvant pembrolizumab for 1 year, now lung mets').patient;
    expect(b.priorTreatments).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'pembrolizumab', setting: 'adjuvant' })]));
    expect(b.age).toBeUndefined(); // "1 year" is a duration, not an age
    expect(read('Adenocarcinoma gástrico, candidato a FLOT perioperatorio').patient.priorTreatments).toEqual([]);
    // planned courses in es/it are not given; current ones ("en tratamiento con") are, and "recibió" / "trattata con" are
    expect(read('Carcinoma squamoso della cervice, in programma chemioradioterapia con cisplatino').patient.priorTreatments).toEqual([]);
    expect(read('Carcinoma papilar de tiroides, en tratamiento con lenvatinib').patient.priorTreatments.map((t) => t.name)).toEqual(['lenvatinib']);
    expect(read('Adenocarcinoma de pulmón estadio IV. Recibió pembrolizumab con progresión.').patient.priorTreatments.map((t) => t.name)).toEqual([
      'pembrolizumab',
    ]);
    expect(read('Uomo, carcinoma prostatico, metastasi ossee multiple e linfonodali').patient.metastasisSites).toEqual(['bone', 'lymph_node']);
    const c = read('NSCLC, ECOG 0-1');
    expect(c.patient.ecog).toBeUndefined();
  });

  it('biomarkers keep their score and method: PD-L1 TPS/CPS, HER2 IHC and ISH, ER %, MMR, germline origin', () => {
    const { patient } = read('Stage IV gastric ca, HER2 IHC 2+ ISH amplified, PD-L1 CPS 5, dMMR, germline BRCA2 pathogenic variant.');
    expect(patient.biomarkers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'HER2', value: 'positive', ihcScore: '2+', ish: 'amplified' }),
        expect.objectContaining({ name: 'PD-L1', value: '5', scale: 'CPS' }),
        expect.objectContaining({ name: 'MMR', value: 'deficient' }),
      ]),
    );
    expect(patient.msi).toBeUndefined(); // dMMR is not restated as MSI-H
    expect(patient.alterations).toEqual([{ gene: 'BRCA2', category: 'mutation', origin: 'germline' }]);
    const br = read('ER 90%, PR 0%, HER2 1+').patient.biomarkers;
    expect(br).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'ER', value: 'positive', percent: 90 }),
        expect.objectContaining({ name: 'PR', value: 'negative', percent: 0 }),
        expect.objectContaining({ name: 'HER2', value: 'low', ihcScore: '1+' }),
      ]),
    );
    // IHC 2+ without ISH is not called positive or low
    expect(read('HER2 IHC 2+').patient.biomarkers).toEqual([expect.objectContaining({ name: 'HER2', value: '2+', ihcScore: '2+' })]);
  });

  it('staging systems, performance status and organ function (numbers read in the line’s language)', () => {
    const { patient } = read('HCC on HBV cirrhosis, Child-Pugh A5, BCLC C, AFP 1,250 ng/mL, ECOG 1, creatinine 1.1 mg/dL, eGFR 58');
    expect(patient).toMatchObject({
      oncotreeCode: 'HCC',
      childPugh: 'A',
      bclcStage: 'C',
      ecog: 1,
      // cirrhosis once the contract holds it
      comorbidities: (ComorbidityCondition.options as readonly string[]).includes('cirrhosis') ? ['hepatitis_b', 'cirrhosis'] : ['hepatitis_b'],
    });
    expect(patient.biomarkers).toEqual([expect.objectContaining({ name: 'AFP', value: '1250' })]);
    expect(patient.labs).toEqual([expect.objectContaining({ analyte: 'egfr', value: 58 }), expect.objectContaining({ analyte: 'creatinine', value: 1.1 })]);
    // "eGFR" is kidney function, not the EGFR gene
    expect(patient.alterations).toEqual([]);
    expect(read('Carcinoma prostatico, creatinina 1,3 mg/dL').patient.labs).toEqual([expect.objectContaining({ analyte: 'creatinine', value: 1.3 })]);
    expect(read('Hepatocarcinoma, AFP 12.000 ng/mL, tras sorafenib').patient.biomarkers).toEqual([expect.objectContaining({ name: 'AFP', value: '12000' })]);
    const pr = read('Prostate adenocarcinoma, Gleason 4+3=7 (ISUP 3), cT3a N0 M0').patient;
    expect(pr).toMatchObject({ gleasonScore: 7, gleasonGradeGroup: 3, tnm: { prefix: 'c', t: '3a', n: '0', m: '0' }, metastatic: false });
    // Gleason 7 alone does not say grade group 2 or 3
    expect(read('Gleason 7 prostate cancer').patient.gleasonGradeGroup).toBeUndefined();
    expect(read('ccRCC, IMDC intermediate, lung + bone mets').patient).toMatchObject({
      imdcRisk: 'intermediate',
      metastasisSites: ['lung', 'bone'],
      metastatic: true,
    });
  });

  it('Spanish and Italian lines', () => {
    const es = read(
      'Varón de 63 años, exfumador, adenocarcinoma de pulmón estadio IV (metástasis óseas y suprarrenales), KRAS G12C, PD-L1 TPS 30%. Progresión tras carboplatino/pemetrexed/pembrolizumab en 1ª línea.',
    ).patient;
    expect(es).toMatchObject({
      age: 63,
      gender: 'male',
      smokingStatus: 'former',
      oncotreeCode: 'LUAD',
      stage: 'IV',
      metastatic: true,
      diseaseStatus: 'progressive',
    });
    expect(es.metastasisSites).toEqual(['bone', 'adrenal']);
    expect(es.alterations).toEqual([{ gene: 'KRAS', proteinChange: 'G12C', category: 'mutation' }]);
    expect(es.priorTreatments.map((t) => [t.name, t.line])).toEqual([
      ['carboplatin', 1],
      ['pemetrexed', 1],
      ['pembrolizumab', 1],
    ]);
    const it = read(
      'Donna di 63 anni con carcinoma mammario metastatico ER+ PgR+ HER2-, in progressione dopo anastrozolo + palbociclib in prima linea e capecitabina in seconda linea.',
    ).patient;
    expect(it).toMatchObject({ age: 63, gender: 'female', focusArea: 'breast', metastatic: true, diseaseStatus: 'progressive' });
    expect(it.priorTreatments.map((t) => [t.name, t.line])).toEqual([
      ['anastrozole', 1],
      ['palbociclib', 1],
      ['capecitabine', 2],
    ]);
    expect(it.biomarkers.map((b) => `${b.name}:${b.value}`)).toEqual(expect.arrayContaining(['ER:positive', 'PR:positive', 'HER2:negative']));
    expect(read('CCRm RAS nativo, BRAF nativo, MSS').patient.alterations).toEqual([
      { gene: 'KRAS', category: 'wild_type' },
      { gene: 'NRAS', category: 'wild_type' },
      { gene: 'BRAF', category: 'wild_type' },
    ]);
  });

  it('negation and uncertainty: denied findings are absent, questions are not facts', () => {
    const { patient, spans, notUnderstood } = read('58M, metastatic NSCLC, EGFR-negative, ALK wild-type, never smoker, no brain mets, ?liver mets');
    expect(patient.alterations).toEqual([
      { gene: 'EGFR', category: 'wild_type' },
      { gene: 'ALK', category: 'wild_type' },
    ]);
    expect(patient.smokingStatus).toBe('never');
    expect(patient.absentMetastasisSites).toEqual(['brain']);
    expect(patient.metastasisSites).toEqual([]);
    expect(spans.find((s) => s.field === 'absentMetastasisSites')).toMatchObject({ assertion: 'absent' });
    expect(notUnderstood).toEqual([expect.objectContaining({ text: '?liver mets', reason: 'uncertain' })]);
    // "sin" / "nessuna" deny in Spanish and Italian; a negated treatment is no treatment
    expect(read('Sin metástasis cerebrales, adenocarcinoma de colon pT3 pN1, sin quimioterapia adyuvante').patient).toMatchObject({
      absentMetastasisSites: ['brain'],
      priorTreatments: [],
    });
    expect(read('Adenocarcinoma del polmone metastatico, nessuna metastasi encefalica').patient.absentMetastasisSites).toEqual(['brain']);
  });

  it("hedged, hypothetical and another person's findings are uncertain, not facts", () => {
    const fam = read('60F, family history of breast cancer (mother, BRCA1 carrier), now NSCLC stage IV');
    expect(fam.patient.alterations).toEqual([]);
    expect(fam.patient).toMatchObject({ focusArea: 'lung', stage: 'IV' });
    expect(fam.notUnderstood).toEqual(expect.arrayContaining([expect.objectContaining({ text: 'BRCA1', reason: 'uncertain' })]));
    const ro = read('Lung adenocarcinoma, rule out liver mets, PD-L1 pending').patient;
    expect(ro.metastasisSites).toEqual([]);
    expect(ro.metastatic).toBeUndefined();
    expect(read('Sospetta progressione epatica, da confermare; carcinoma renale a cellule chiare').patient).toMatchObject({
      metastasisSites: [],
      oncotreeCode: 'CCRCC',
    });
    expect(read('Sospetta progressione epatica, da confermare').notUnderstood[0]).toMatchObject({ text: 'Sospetta progressione epatica', reason: 'uncertain' });
    // "PD liver" is progression in the liver (not PD-L1)
    expect(read('mBC, now PD liver and bone').patient).toMatchObject({ diseaseStatus: 'progressive', metastasisSites: ['liver', 'bone'] });
    expect(read('Paciente con posible metástasis ósea; cáncer de próstata').patient.metastatic).toBeUndefined();
    expect(read('If progression, consider cabozantinib. HCC BCLC B.').patient).toMatchObject({ priorTreatments: [], bclcStage: 'B' });
    // a named variant denied is not a wild-type gene
    expect(read('NSCLC, EGFR T790M negative').patient.alterations).toEqual([]);
  });

  it('returns what it could not place as not understood, and invents nothing from it', () => {
    const { patient, spans, notUnderstood } = read('Lives with her daughter, enjoys gardening');
    expect(spans).toEqual([]);
    expect(patient.oncotreeCode).toBeUndefined();
    expect(notUnderstood.map((n) => n.text)).toEqual(['Lives', 'her daughter', 'enjoys gardening']);
    const mixed = read('mCRC, KRAS G12D, brother with Lynch syndrome');
    expect(mixed.patient).toMatchObject({ oncotreeCode: 'COADREAD', metastatic: true });
    expect(mixed.notUnderstood.map((n) => n.text)).toEqual(expect.arrayContaining(['brother']));
    for (const s of [...mixed.spans, ...mixed.notUnderstood]) expect('mCRC, KRAS G12D, brother with Lynch syndrome'.slice(s.start, s.end)).toBe(s.text);
  });

  it('a finding with no result in its clause is not a fact: not tested, unknown, pending, equivocal, under evaluation', () => {
    expect(read('55F metastatic lung adenocarcinoma, EGFR L858R, ALK and ROS1 not tested').patient.alterations).toEqual([
      { gene: 'EGFR', proteinChange: 'L858R', category: 'mutation' },
    ]);
    expect(read('mBC, PIK3CA status unknown').patient.alterations).toEqual([]);
    expect(read('HER2 equivocal, gastric cancer').patient.alterations).toEqual([]);
    expect(read('cáncer de pulmón, ROS1 solicitado').patient.alterations).toEqual([]);
    expect(read('carcinoma mammario, lesioni epatiche in corso di valutazione').patient.metastasisSites).toEqual([]);
    expect(read('PET to complete staging, liver lesions under evaluation').patient).toMatchObject({ metastasisSites: [] });
    // a cue later in the sentence belongs to its own comma clause: the waiting is the drugs'
    const atc = read('Carcinoma anaplastico della tiroide BRAF V600E, ECOG 1, in attesa di iniziare dabrafenib e trametinib.').patient;
    expect(atc.alterations).toEqual([{ gene: 'BRAF', proteinChange: 'V600E', category: 'mutation' }]);
    expect(atc.priorTreatments).toEqual([]);
  });

  it('a treatment declined, refused or not fit for was not given', () => {
    expect(read('64M muscle-invasive bladder cancer, declined cystectomy').patient.priorTreatments).toEqual([]);
    expect(read('carcinoma uroteliale, non idoneo al cisplatino').patient.priorTreatments).toEqual([]);
    expect(read('cáncer de vejiga, rechazó la cistectomía').patient.priorTreatments).toEqual([]);
    expect(read('LUSC stage IIIA resected').patient.priorTreatments.map((t) => t.name)).toEqual(['surgery']);
  });

  it('an operation for something else than the cancer is not its treatment; a transurethral resection is', () => {
    for (const t of [
      'intervenido de hernia inguinal, cáncer de pulmón',
      'cataract surgery 2020, NSCLC',
      'operata di appendicectomia, carcinoma mammario',
      'thyroidectomy for goiter, breast cancer',
    ])
      expect(read(t).patient.priorTreatments).toEqual([]);
    expect(read('s/p TURBT, bladder cancer').patient.priorTreatments.map((t) => t.name)).toEqual(['surgery']);
    expect(read('RTU vescicale, carcinoma uroteliale').patient.priorTreatments.map((t) => t.name)).toEqual(['surgery']);
    expect(read('s/p right hemicolectomy, mCRC').patient.priorTreatments.map((t) => t.name)).toEqual(['surgery']);
  });

  it('dates and durations: a whole day of diagnosis is placed, the rest is shown whole as not understood', () => {
    expect(read('dx 2024-03-15, HCC').patient.diagnosisDate).toBe('2024-03-15');
    expect(read('diagnosticado el 15/03/2024, cáncer de pulmón').patient.diagnosisDate).toBe('2024-03-15');
    expect(read('Donna di 60 anni, diagnosi il 05/03/2024, carcinoma mammario').patient.diagnosisDate).toBe('2024-03-05');
    // English day/month only when one of them cannot be a month
    expect(read('dx 13/04/2024, NSCLC').patient.diagnosisDate).toBe('2024-04-13');
    const ambiguous = read('dx 03/04/2024, NSCLC');
    expect(ambiguous.patient.diagnosisDate).toBeUndefined();
    expect(ambiguous.warnings).toEqual(['ambiguous date: 03/04/2024 (day/month or month/day)']);
    // a date in the future is no diagnosis date
    expect(read('dx 15/03/2099, HCC').patient.diagnosisDate).toBeUndefined();
    const partial = read('NSCLC dx 03/2024, s/p carbo/pem x 6 months');
    expect(partial.patient.diagnosisDate).toBeUndefined();
    expect(partial.notUnderstood.map((n) => n.text)).toEqual(['dx 03/2024', 'x 6 months']);
    expect(partial.patient.priorTreatments.map((t) => t.name)).toEqual(['carboplatin', 'pemetrexed']);
    for (const [t, unplaced] of [
      ['mBC since Jan 2025', 'since Jan 2025'],
      ['diagnosticado en marzo de 2024, cáncer de pulmón', 'diagnosticado en marzo de 2024'],
      ['carcinoma mammario, diagnosi nel 2019', 'diagnosi nel 2019'],
      ['FOLFOX x 6 cycles, mCRC', 'x 6 cycles'],
      ['capecitabina durante 6 meses, cáncer de colon', 'durante 6 meses'],
      ['Uomo di 70 anni, nefrectomia nel 2019', 'nel 2019'],
    ])
      expect(read(t).notUnderstood.map((n) => n.text)).toContain(unplaced);
    // an age is not a duration
    expect(read('Uomo di 70 anni, nefrectomia nel 2019').patient.age).toBe(70);
  });

  it('naive to one class is not untreated; one receptor status written for both is both', () => {
    const crpc = read('chemo-naive mCRPC s/p abiraterone').patient;
    expect(crpc.priorLines).toBeUndefined();
    expect(crpc.priorTreatments.map((t) => t.name)).toEqual(['abiraterone']);
    expect(read('treatment-naive mRCC').patient.priorLines).toBe(0);
    for (const [t, value] of [
      ['ER/PR positive, HER2 neg, breast cancer', 'positive'],
      ['RE e RP positivi, HER2 negativo', 'positive'],
      ['RE y RP negativos, cáncer de mama', 'negative'],
    ]) {
      const { biomarkers } = read(t).patient;
      expect(biomarkers).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'ER', value }), expect.objectContaining({ name: 'PR', value })]));
    }
  });

  it('a gene named as the target of a drug class is no alteration of the patient', () => {
    for (const t of [
      'cáncer de pulmón tras inhibidor de ALK',
      'carcinoma polmonare dopo inibitore di EGFR',
      'TKI di EGFR',
      'ITK anti-EGFR',
      'NSCLC after BRAF/MEK inhibitors',
    ])
      expect(read(t).patient.alterations).toEqual([]);
  });

  it('mismatch-repair proteins lost on IHC make the tumour MMR-deficient, not a gene deletion', () => {
    for (const t of ['MLH1/PMS2 loss on IHC, colon cancer', 'pérdida de expresión de MSH2/MSH6, cáncer de colon', 'perdita di espressione di MLH1 e PMS2']) {
      const { patient } = read(t);
      expect(patient.alterations).toEqual([]);
      expect(patient.biomarkers).toContainEqual(expect.objectContaining({ name: 'MMR', value: 'deficient' }));
    }
  });

  it("another person's habit is not the patient's; 'carcinoma' alone is no diagnosis; HER2 0 before a comma is IHC 0", () => {
    expect(read('father was a heavy smoker, NSCLC').patient.smokingStatus).toBeUndefined();
    expect(read('carcinoma, ECOG 1').patient.oncotreeCode).toBeUndefined();
    expect(read('carcinoma del colon metastatico').patient).toMatchObject({ oncotreeCode: 'COADREAD', focusArea: 'colon', metastatic: true });
    const her2 = read('ER-low (5%), HER2 0, mBC').patient;
    expect(her2.alterations).toEqual([]);
    expect(her2.biomarkers).toContainEqual(expect.objectContaining({ name: 'HER2', value: 'negative', ihcScore: '0' }));
  });

  it('issue 25: a course written with its line was given; a class spelled out by its drugs is those drugs; drugs given with a given course were given', () => {
    expect(read('In prima linea pembrolizumab, in progressione.').patient.priorTreatments).toEqual([
      expect.objectContaining({ name: 'pembrolizumab', line: 1 }),
    ]);
    // the first line given and ended in progression is one prior line (session 7: the convention of the n25 and s6 lines)
    expect(read('In prima linea pembrolizumab, in progressione.').patient.priorLines).toBe(1);
    expect(read('1ª línea letrozol + ribociclib desde 05/2022, progresión 02/2025').patient.priorTreatments.map((t) => [t.name, t.line])).toEqual([
      ['letrozole', 1],
      ['ribociclib', 1],
    ]);
    const spelled = read('Ca mammella TN metastatico, 1L chemio-immunoterapia (nab-paclitaxel + pembrolizumab), PD dopo 7 mesi').patient;
    expect(spelled.priorTreatments.map((t) => t.name)).toEqual(['paclitaxel', 'pembrolizumab']);
    expect(spelled.biomarkers.map((b) => [b.name, b.value])).toEqual(
      expect.arrayContaining([
        ['ER', 'negative'],
        ['HER2', 'negative'],
      ]),
    );
    expect(read('Quimioterapia neoadyuvante con gemcitabina-cisplatino y cistectomía radical').patient.priorTreatments.map((t) => t.name)).toEqual([
      'gemcitabine',
      'cisplatin',
      'surgery',
    ]);
    expect(read('Concurrent chemoradiation with carboplatin/paclitaxel followed by durvalumab.').patient.priorTreatments.map((t) => t.name)).toEqual([
      'radiotherapy',
      'CARBOPLATIN/PACLITAXEL',
      'durvalumab',
    ]);
    // planned or waited-for courses are not given; a course under way is (session 9), in its line, not progressed
    expect(read('Mujer de 45 años, cáncer de mama, en espera de cirugía').patient.priorTreatments).toEqual([]);
    expect(read('Ms L., 36, cervical SCC, referred before definitive chemoradiation').patient.priorTreatments).toEqual([]);
    const underWay = read('Ca gastrico avanzato, 2a linea paclitaxel + ramucirumab in corso').patient;
    expect(underWay.priorTreatments.map((t) => [t.name, t.line, t.progressed])).toEqual([
      ['paclitaxel', 2, undefined],
      ['ramucirumab', 2, undefined],
    ]);
    expect(underWay.priorLines).toBe(1);
  });

  it('issue 25: never received, asked with a question mark, or a cell count: none of them is a fact', () => {
    expect(read('Cervical ca, 55F, now M1 (liver). Never received ICI.').patient.priorTreatments).toEqual([]);
    expect(read('Ca cervice metastatico, progressione dopo 1L carboplatino. Mai trattata con bevacizumab.').patient.priorTreatments.map((t) => t.name)).toEqual(
      ['carboplatin'],
    );
    const asked = read('mRCC, 70F, now PD (liver). 2L cabo? ¿Afectación ósea?');
    expect(asked.patient.priorTreatments).toEqual([]);
    expect(asked.patient.metastasisSites).toEqual(['liver']);
    expect(asked.notUnderstood.filter((u) => u.reason === 'uncertain').map((u) => u.text)).toEqual(['2L cabo?', '¿Afectación ósea?']);
    expect(read('cervical SCC, HIV positive on ART, CD4 520').patient.alterations).toEqual([]);
  });

  it('issue 25: Spanish and Italian abbreviations of the disease, sites in brackets, ages glued to their unit', () => {
    expect(read('Mujer 52a, CM luminal B metastásico, afectación ósea y hepática').patient).toMatchObject({
      age: 52,
      focusArea: 'breast',
      metastasisSites: ['bone', 'liver'],
    });
    expect(read('in 2a linea con cabozantinib').patient.age).toBeUndefined();
    expect(read('Mujer, 63 años. CDI mama derecha, RE 80%, HER2 IHQ 2+, FISH no amplificado').patient).toMatchObject({ oncotreeCode: 'IDC' });
    expect(read('CCRm (colon izquierdo), RAS/BRAF nativo').patient).toMatchObject({ focusArea: 'colon' });
    expect(read('CCRm, riesgo IMDC pobre').patient).toMatchObject({ focusArea: 'kidney' });
    expect(read('Ca tiroide follicolare metastatico (osso, polmone), 73 aa uomo').patient).toMatchObject({
      oncotreeCode: 'THFO',
      metastasisSites: ['bone', 'lung'],
      gender: 'male',
    });
    expect(read('M, 75 aa. Carcinoma squamoso del polmone sx, fumatore (30 pack/anno)').patient).toMatchObject({
      gender: 'male',
      age: 75,
      oncotreeCode: 'LUSC',
      smokingStatus: 'current',
    });
    expect(read('Male, 72. Squamous cell carcinoma of the right upper lobe, cT3N2M0').patient).toMatchObject({ age: 72, oncotreeCode: 'LUSC' });
    expect(read('mRCC (clear cell, sarcomatoid features), 70F').patient.oncotreeCode).toBe('CCRCC');
    expect(read('Hombre, 63 años. Adenocarcinoma acinar de próstata, cT3b cN1 M1b (óseas). CPHS de alto volumen.').patient).toMatchObject({
      oncotreeCode: 'PRAD',
      tnm: { prefix: 'c', t: '3b', n: '1', m: '1b' },
      castrationStatus: 'sensitive',
      metastasisSites: ['bone'],
    });
    expect(read('68M mHSPC, >4 bone mets + liver, PSA 220 → 4.1').patient.biomarkers).toContainEqual(expect.objectContaining({ name: 'PSA', value: '4.1' }));
    expect(read('Gentile collega, la sig.ra D., 68 anni, naïve a terapie sistemiche').patient.priorLines).toBe(0);
    expect(read('Germline testing: BRCA1/2 negative').patient.alterations.map((a) => [a.gene, a.category, a.origin])).toEqual([
      ['BRCA1', 'wild_type', undefined],
      ['BRCA2', 'wild_type', undefined],
    ]);
  });
});
