/**
 * The needs of bench:chat, each asked twice: as first written ("original") and re-phrased the way people
 * type ("rephrased": lower case, no question mark, abbreviations, other word order, Spanish and Italian).
 * The catalogue needs are built per trial by make.ts; the needs about the demo patients are written here.
 * `before` are questions asked earlier in the same conversation (follow-ups); `context` is what the
 * conversation was opened on ("Ask about this trial / option"). `says` are regular expressions (a leading
 * "(?i)" makes one case-insensitive); `cites` the sources a right answer must cite.
 */
export type Lang = 'en' | 'es' | 'it';
export type Folder = 'lung' | 'colon' | 'breast' | null;
export interface BenchQuestion {
  id: string;
  need: string;
  /**
   * s6, s7, s8: the sets written in sessions 6, 7 and 8 by someone who had not read the assistant's code, tuned on in sessions
   * 7, 8 and 9; held-out: the file bench:chat measures held out (questions-s9.json or --heldout=<file>). Both loaded by bench:chat, not written here.
   */
  half: 'original' | 'rephrased' | 'fresh' | 'fresh2' | 'fresh3' | 's6' | 's7' | 's8' | 's9' | 's10' | 's11' | 's12' | 's13' | 'held-out';
  lang: Lang;
  folder: Folder;
  context?: { trialId?: string; recommendationId?: string };
  before?: string[];
  q: string;
  cites?: Array<{ kind: string; id?: string }>;
  says?: string[];
  unanswerable?: true;
}

/** The catalogue trials asked about by id (40: the first trials of the shared catalogue with criteria text, sponsor, phase, drugs and sites, across diseases, and a ClinicalTrials.gov API v2 record). */
export const TRIAL_IDS = [
  'NCT06604689',
  'NCT04114136',
  'NCT04318717',
  'NCT01898039',
  'NCT02830724',
  'NCT02896335',
  'NCT03093909',
  'NCT03340129',
  'NCT03454035',
  'NCT03646617',
  'NCT03686124',
  'NCT03755739',
  'NCT03829254',
  'NCT03842943',
  'NCT03947385',
  'NCT04282044',
  'NCT04697576',
  'NCT04752826',
  'NCT04771520',
  'NCT04787042',
  'NCT04855435',
  'NCT04897321',
  'NCT05039801',
  'NCT05107674',
  'NCT05229614',
  'NCT05296564',
  'NCT05483400',
  'NCT05492682',
  'NCT05498792',
  'NCT05629546',
  'NCT05655312',
  'NCT05768178',
  'NCT05770102',
  'NCT05859074',
  'NCT05877430',
  'NCT05909618',
  'NCT06022029',
  'NCT00089427',
  'NCT00165490',
  'NCT00295503',
];

type Ask = [q: string, lang: Lang, before?: string[]];
interface Need {
  need: string;
  folder: Folder;
  context?: BenchQuestion['context'];
  original: Ask;
  rephrased: Ask;
  cites?: BenchQuestion['cites'];
  says?: string[];
  unanswerable?: true;
}

const T = (id?: string) => ({ kind: 'trial', ...(id ? { id } : {}) });
const crit = { kind: 'criterion' };
const pat = { kind: 'patient' };
const doc = { kind: 'document' };
const gl = (id?: string) => ({ kind: 'guideline', ...(id ? { id } : {}) });
const ev = { kind: 'evidence' };

const NEEDS: Need[] = [
  // why a trial matches the patient or not
  {
    need: 'why-lung-02151981',
    folder: 'lung',
    original: ['Why does NCT02151981 match this patient?', 'en'],
    rephrased: ['por qué encaja el NCT02151981 con mi paciente', 'es'],
    cites: [T('NCT02151981'), crit],
    says: ['NCT02151981'],
  },
  {
    need: 'why-colon-02788279',
    folder: 'colon',
    original: ['Is the patient eligible for NCT02788279?', 'en'],
    rephrased: ['il paziente è eleggibile per NCT02788279', 'it'],
    cites: [T('NCT02788279'), crit],
    says: ['NCT02788279', 'soddisfatti|met'],
  },
  {
    need: 'why-breast-00570921',
    folder: 'breast',
    original: ['Why does NCT00570921 match?', 'en'],
    rephrased: ['NCT00570921 why not eligible', 'en'],
    cites: [T('NCT00570921'), crit],
    says: ['NCT00570921'],
  },
  {
    need: 'why-ctx-02997501',
    folder: 'lung',
    context: { trialId: 'NCT02997501' },
    original: ['Why does this trial match or not?', 'en'],
    rephrased: ['¿por qué sí o por qué no este ensayo?', 'es'],
    cites: [T('NCT02997501'), crit],
    says: ['NCT02997501'],
  },
  {
    need: 'why-lung-00716456',
    folder: 'lung',
    original: ["Why doesn't the patient qualify for NCT00716456?", 'en'],
    rephrased: ['NCT00716456 porque no es elegible', 'es'],
    cites: [T('NCT00716456'), crit],
    says: ['NCT00716456'],
  },

  // what to test next: what decides the matches and the options
  {
    need: 'next-lung',
    folder: 'lung',
    original: ['What should I test next?', 'en'],
    rephrased: ['qué debería pedir ahora para decidir', 'es'],
    cites: [pat, T()],
    says: ['.'],
  },
  {
    need: 'next-colon',
    folder: 'colon',
    original: ['What should I test next for this patient?', 'en'],
    rephrased: ['cosa dovrei testare adesso', 'it'],
    cites: [pat],
    says: ['RAS'],
  },
  {
    need: 'next-breast',
    folder: 'breast',
    original: ['Which missing data would change the options?', 'en'],
    rephrased: ['que datos faltan para decidir', 'es'],
    cites: [pat],
    says: ['(?i)lines of systemic therapy'],
  },
  {
    need: 'missing-colon',
    folder: 'colon',
    original: ['What data is missing to decide?', 'en'],
    rephrased: ['dati mancanti?', 'it'],
    cites: [pat],
    says: ['RAS'],
  },

  // guideline options
  {
    need: 'options-colon',
    folder: 'colon',
    original: ['What does the guideline recommend for this patient?', 'en'],
    rephrased: ['opciones de tto segun guias', 'es'],
    cites: [gl()],
    says: ['(?i)encorafenib'],
  },
  {
    need: 'options-lung',
    folder: 'lung',
    original: ['What treatment options does the guideline give?', 'en'],
    rephrased: ['opzioni terapeutiche per questo paziente', 'it'],
    cites: [gl()],
    says: ['(?i)osimertinib'],
  },
  {
    need: 'options-breast',
    folder: 'breast',
    original: ['Which therapies are recommended?', 'en'],
    rephrased: ['tratamientos recomendados para ella', 'es'],
    cites: [gl()],
    says: ['(?i)elacestrant'],
  },

  // a conversation opened on an option ("Ask about this option")
  {
    need: 'option-ctx-colon',
    folder: 'colon',
    context: { recommendationId: 'crc-braf-encorafenib-cetuximab-2l' },
    original: ['Why is this treatment option suggested for this patient, and what are its sources?', 'en'],
    rephrased: ['¿por qué esta opción?', 'es'],
    cites: [gl('crc-braf-encorafenib-cetuximab-2l')],
    says: ['(?i)encorafenib', 'BRAF'],
  },
  {
    need: 'option-ctx-breast',
    folder: 'breast',
    context: { recommendationId: 'breast-esr1-elacestrant' },
    original: ['Why is this treatment option suggested for this patient, and what are its sources?', 'en'],
    rephrased: ['perché questa opzione', 'it'],
    cites: [gl('breast-esr1-elacestrant')],
    says: ['ESR1'],
  },
  {
    need: 'option-ctx-lung',
    folder: 'lung',
    context: { recommendationId: 'nsclc-egfr-t790m-osimertinib' },
    original: ['What supports this option?', 'en'],
    rephrased: ['evidence for it', 'en'],
    cites: [gl('nsclc-egfr-t790m-osimertinib')],
    says: ['(?i)osimertinib|T790M'],
  },

  // an option named by its drug
  {
    need: 'whynot-lung-axitinib',
    folder: 'lung',
    original: ['Why not axitinib?', 'en'],
    rephrased: ['¿y por qué no axitinib?', 'es'],
    cites: [gl()],
    says: ['(?i)axitinib'],
  },
  {
    need: 'whynot-breast-everolimus',
    folder: 'breast',
    original: ['Why is everolimus with exemestane not an option?', 'en'],
    rephrased: ['perché non everolimus', 'it'],
    cites: [gl()],
    says: ['(?i)everolimus'],
  },
  {
    need: 'why-option-colon-pembrolizumab',
    folder: 'colon',
    original: ['Why pembrolizumab for this patient?', 'en'],
    rephrased: ['pembrolizumab por qué', 'es'],
    cites: [gl()],
    says: ['MSI'],
  },
  {
    need: 'why-option-lung-pembrolizumab',
    folder: 'lung',
    original: ['Why is pembrolizumab an option?', 'en'],
    rephrased: ['perché pembrolizumab', 'it'],
    cites: [gl()],
    says: ['TMB'],
  },
  {
    need: 'option-breast-cdk46',
    folder: 'breast',
    original: ['Is a CDK4/6 inhibitor an option for her?', 'en'],
    rephrased: ['cdk4/6 è un opzione', 'it'],
    cites: [gl()],
    says: ['(?i)ribociclib|CDK4/6'],
  },
  {
    need: 'evidence-breast-elacestrant',
    folder: 'breast',
    original: ['What evidence supports elacestrant?', 'en'],
    rephrased: ['evidencia de elacestrant', 'es'],
    cites: [gl()],
    says: ['(?i)elacestrant'],
  },

  // the patient's trials that use a drug or target a gene
  {
    need: 'drug-lung-osimertinib',
    folder: 'lung',
    original: ['Which trials use osimertinib?', 'en'],
    rephrased: ['estudios con osimertinib', 'es'],
    cites: [T()],
    says: ['(?i)osimertinib'],
  },
  {
    need: 'drug-colon-regorafenib',
    folder: 'colon',
    original: ['Which trials in the list use regorafenib?', 'en'],
    rephrased: ['studi con regorafenib', 'it'],
    cites: [T('NCT02788279')],
    says: ['(?i)regorafenib'],
  },
  {
    need: 'drug-breast-fulvestrant',
    folder: 'breast',
    original: ['Which trials test fulvestrant?', 'en'],
    rephrased: ['ensayos q usan fulvestrant', 'es'],
    cites: [T()],
    says: ['(?i)fulvestrant'],
  },
  {
    need: 'gene-lung-egfr',
    folder: 'lung',
    original: ['Which of my trials target EGFR?', 'en'],
    rephrased: ['trials targeting egfr', 'en'],
    cites: [T()],
    says: ['EGFR'],
  },
  {
    need: 'drug-colon-cabozantinib',
    folder: 'colon',
    original: ['Which trials use cabozantinib?', 'en'],
    rephrased: ['Quali studi usano cabozantinib?', 'it'],
    says: ['(?i)cabozantinib'],
  },

  // reports
  {
    need: 'report-lung-egfr',
    folder: 'lung',
    original: ['What does the report say about EGFR?', 'en'],
    rephrased: ['egfr en el informe ngs', 'es'],
    cites: [doc],
    says: ['L858R'],
  },
  {
    need: 'report-colon-braf',
    folder: 'colon',
    original: ['What does the NGS report say about BRAF?', 'en'],
    rephrased: ['cosa dice il referto su braf', 'it'],
    cites: [doc],
    says: ['V600E'],
  },
  {
    need: 'report-lung-tmb',
    folder: 'lung',
    original: ['What is the TMB in the NGS report?', 'en'],
    rephrased: ['tmb del paciente', 'es'],
    cites: [doc],
    says: ['12'],
  },
  {
    need: 'report-lung-creatinine',
    folder: 'lung',
    original: ['What is the creatinine in the lab report?', 'en'],
    rephrased: ['creatinina nel referto', 'it'],
    cites: [doc],
    says: ['0\\.84'],
  },
  {
    need: 'report-colon-cea',
    folder: 'colon',
    original: ['What is the CEA in the labs?', 'en'],
    rephrased: ['cea en los labs', 'es'],
    cites: [doc],
    says: ['18,6'],
  },
  {
    need: 'report-colon-msi',
    folder: 'colon',
    original: ['What do the reports say about MSI?', 'en'],
    rephrased: ['msi status report', 'en'],
    cites: [doc],
    says: ['(?i)MSI|microsatellite'],
  },
  {
    need: 'report-lung-mutations',
    folder: 'lung',
    original: ['Which EGFR mutations does the patient have?', 'en'],
    rephrased: ['mutazioni egfr del paziente', 'it'],
    cites: [],
    says: ['L858R|T790M'],
  },

  // the patient
  {
    need: 'patient-breast',
    folder: 'breast',
    original: ['Summarize the patient', 'en'],
    rephrased: ['resumen de la paciente', 'es'],
    cites: [pat],
    says: ['ESR1'],
  },
  {
    need: 'patient-lung',
    folder: 'lung',
    original: ['What do we know about the patient?', 'en'],
    rephrased: ['riassunto paziente', 'it'],
    cites: [pat],
    says: ['(?i)erlotinib'],
  },
  {
    need: 'patient-colon-priors',
    folder: 'colon',
    original: ['What prior treatments has the patient had?', 'en'],
    rephrased: ['tratamientos previos', 'es'],
    cites: [pat],
    says: ['(?i)FOLFOX|oxaliplatin|fluorouracil'],
  },
  {
    need: 'patient-breast-mets',
    folder: 'breast',
    original: ['Where are her metastases?', 'en'],
    rephrased: ['sedi delle metastasi', 'it'],
    cites: [pat],
    says: ['(?i)liver|bone|fegato|oss'],
  },
  {
    need: 'patient-breast-ecog',
    folder: 'breast',
    original: ['What is her ECOG?', 'en'],
    rephrased: ['ecog della paziente', 'it'],
    cites: [pat],
    says: ['\\b1\\b'],
  },

  // follow-ups in a conversation
  {
    need: 'follow-sites-00500292',
    folder: 'colon',
    original: ['And the nearest site?', 'en', ['What phase is NCT00500292?']],
    rephrased: ['¿Y el centro más cercano?', 'es', ['¿Qué fase tiene NCT00500292?']],
    cites: [T('NCT00500292')],
    says: ['NCT00500292'],
  },
  {
    need: 'follow-sponsor-00252564',
    folder: 'colon',
    original: ['Who sponsors it?', 'en', ['What are the arms of NCT00252564?']],
    rephrased: ['e chi è il promotore', 'it', ['Quali sono i bracci di NCT00252564?']],
    cites: [T('NCT00252564')],
    says: ['US Oncology'],
  },
  {
    need: 'follow-excl-06604689',
    folder: 'lung',
    original: ['And its exclusion criteria?', 'en', ['What is NCT06604689 about?']],
    rephrased: ['y los criterios de exclusión', 'es', ['de qué trata el NCT06604689']],
    cites: [T('NCT06604689')],
    says: ['Multiple primary'],
  },
  {
    need: 'follow-why-02997501',
    folder: 'lung',
    original: ['Does the patient meet them?', 'en', ['What are the inclusion criteria of NCT02997501?']],
    rephrased: ['il paziente li soddisfa', 'it', ['inclusion NCT02997501']],
    cites: [T('NCT02997501'), crit],
    says: ['NCT02997501'],
  },
  {
    need: 'follow-phase-00500292',
    folder: 'colon',
    original: ['And what phase is it?', 'en', ['Why does NCT00500292 not match?']],
    rephrased: ['e di che fase è', 'it', ['perché NCT00500292 non va bene']],
    cites: [T('NCT00500292')],
    says: ['\\b2\\b'],
  },
  {
    need: 'follow-report-colon',
    folder: 'colon',
    original: ['What else does that report say?', 'en', ['What does the NGS report say about BRAF?']],
    rephrased: ["e cos'altro dice quel referto", 'it', ['referto braf']],
    cites: [doc],
    says: ['SYN-NGS-0002'],
  },
  {
    need: 'follow-option-colon',
    folder: 'colon',
    original: ['What are its caveats and sources?', 'en', ['Why pembrolizumab for this patient?']],
    rephrased: ['y sus fuentes', 'es', ['por qué pembrolizumab']],
    cites: [gl()],
    says: ['(?i)pembrolizumab'],
  },

  // what a trial's record says, asked in the clinician's words
  {
    need: 'content-06604689-brain',
    folder: 'lung',
    original: ['Does NCT06604689 require brain metastases?', 'en'],
    rephrased: ['NCT06604689 metástasis cerebrales', 'es'],
    cites: [T('NCT06604689')],
    says: ['(?i)brain metastases'],
  },
  {
    need: 'content-02151981-t790m',
    folder: 'lung',
    original: ['Does NCT02151981 require T790M?', 'en'],
    rephrased: ['serve la T790M per NCT02151981', 'it'],
    cites: [T('NCT02151981')],
    says: ['T790M'],
  },
  {
    need: 'content-00570921-postmeno',
    folder: 'breast',
    original: ['Must patients be postmenopausal in NCT00570921?', 'en'],
    rephrased: ['NCT00570921 postmenopausal required', 'en'],
    cites: [T('NCT00570921')],
    says: ['(?i)postmenopausal'],
  },
  {
    need: 'content-00252564-ecog',
    folder: 'colon',
    original: ['What ECOG does NCT00252564 require?', 'en'],
    rephrased: ['ecog richiesto NCT00252564', 'it'],
    cites: [T('NCT00252564')],
    says: ['ECOG performance status 0 or 1'],
  },
  {
    need: 'content-06604689-about',
    folder: null,
    original: ['What is NCT06604689 about?', 'en'],
    rephrased: ['de qué trata el NCT06604689', 'es'],
    cites: [T('NCT06604689')],
    says: ['EGFR'],
  },
  {
    need: 'content-00252564-status',
    folder: 'colon',
    original: ['Is NCT00252564 still recruiting?', 'en'],
    rephrased: ['NCT00252564 recluta todavía', 'es'],
    cites: [T('NCT00252564')],
    says: ['(?i)completed|finalizado'],
  },

  // conversations opened on a trial ("Ask about this trial")
  {
    need: 'ctx-sites-03781063',
    folder: 'breast',
    context: { trialId: 'NCT03781063' },
    original: ['Which hospitals run this trial?', 'en'],
    rephrased: ['hospitales de este ensayo', 'es'],
    cites: [T('NCT03781063')],
    says: ['Mayo Clinic|City of Hope'],
  },
  {
    need: 'ctx-arms-00252564',
    folder: 'colon',
    context: { trialId: 'NCT00252564' },
    original: ['What interventions does this trial test?', 'en'],
    rephrased: ['farmaci di questo studio', 'it'],
    cites: [T('NCT00252564')],
    says: ['(?i)bevacizumab'],
  },
  {
    need: 'ctx-phase-03326674',
    folder: 'breast',
    context: { trialId: 'NCT03326674' },
    original: ['Which phase is this study in?', 'en'],
    rephrased: ['¿fase de este ensayo?', 'es'],
    cites: [T('NCT03326674')],
    says: ['\\b3\\b'],
  },
  {
    need: 'ctx-excl-02151981',
    folder: 'lung',
    context: { trialId: 'NCT02151981' },
    original: ['What are the exclusion criteria?', 'en'],
    rephrased: ['criteri esclusione', 'it'],
    cites: [T('NCT02151981'), crit],
    says: ['EGFR'],
  },

  // evidence, what changed, nearest sites
  {
    need: 'evidence-colon',
    folder: 'colon',
    original: ['What evidence supports the options?', 'en'],
    rephrased: ['evidencia civic de las opciones', 'es'],
    cites: [ev],
    says: ['BRAF'],
  },
  {
    need: 'changed-lung',
    folder: 'lung',
    original: ['What changed since the last search?', 'en'],
    rephrased: ["cosa è cambiato dall'ultima ricerca", 'it'],
    cites: [pat],
    says: ['.'],
  },
  {
    need: 'nearest-00252564',
    folder: 'colon',
    original: ['Nearest sites for NCT00252564?', 'en'],
    rephrased: ['centro più vicino per NCT00252564', 'it'],
    cites: [T('NCT00252564')],
    says: ['United States|km'],
  },

  // outside what the sources hold: declined, never invented
  {
    need: 'no-dose',
    folder: 'lung',
    original: ['What dose of osimertinib should she take if her creatinine clearance drops to 20?', 'en'],
    rephrased: ['dosis de osimertinib con aclaramiento de 20', 'es'],
    unanswerable: true,
  },
  {
    need: 'no-survival',
    folder: 'colon',
    original: ["What is this patient's median overall survival?", 'en'],
    rephrased: ['sopravvivenza mediana di questo paziente', 'it'],
    unanswerable: true,
  },
  { need: 'no-weather', folder: null, original: ['Will it rain in Milan tomorrow?', 'en'], rephrased: ['lloverá mañana en madrid', 'es'], unanswerable: true },
  {
    need: 'no-calvert',
    folder: 'colon',
    original: ['How do I calculate the carboplatin dose with the Calvert formula?', 'en'],
    rephrased: ['calvert carboplatino dose', 'it'],
    unanswerable: true,
  },
  {
    need: 'no-cardiotox',
    folder: 'breast',
    original: ['What is the risk of cardiotoxicity with trastuzumab?', 'en'],
    rephrased: ['riesgo de cardiotoxicidad con trastuzumab', 'es'],
    unanswerable: true,
  },
  {
    need: 'no-diarrhoea',
    folder: 'breast',
    original: ['How do I treat grade 3 diarrhoea from abemaciclib?', 'en'],
    rephrased: ['diarrea g3 por abemaciclib como manejarla', 'es'],
    unanswerable: true,
  },
  {
    need: 'no-smoking',
    folder: 'lung',
    original: ['Should the patient stop smoking?', 'en'],
    rephrased: ['deve smettere di fumare', 'it'],
    unanswerable: true,
  },
  {
    need: 'no-cost',
    folder: 'colon',
    original: ['How much does cetuximab cost in Italy?', 'en'],
    rephrased: ['precio del cetuximab', 'es'],
    unanswerable: true,
  },
  { need: 'no-poem', folder: null, original: ['Write me a poem about oncology.', 'en'], rephrased: ['scrivimi una poesia', 'it'], unanswerable: true },
  { need: 'no-capital', folder: 'lung', original: ['What is the capital of Portugal?', 'en'], rephrased: ['capital de portugal', 'es'], unanswerable: true },
  {
    need: 'no-drive',
    folder: 'lung',
    original: ['Can she drive after brain radiotherapy?', 'en'],
    rephrased: ['può guidare dopo la radioterapia cerebrale', 'it'],
    unanswerable: true,
  },
  { need: 'no-unknown-trial', folder: 'lung', original: ['What phase is NCT99999999?', 'en'], rephrased: ['fase NCT99999999', 'it'], unanswerable: true },
];

export const PATIENT_NEEDS: BenchQuestion[] = NEEDS.flatMap((n) =>
  (['original', 'rephrased'] as const).map((half) => {
    const [q, lang, before] = n[half];
    return {
      id: `${n.need}-${half[0]}`,
      need: n.need,
      half,
      lang,
      folder: n.folder,
      ...(n.context ? { context: n.context } : {}),
      ...(before ? { before } : {}),
      q,
      ...(n.cites ? { cites: n.cites } : {}),
      ...(n.says ? { says: n.says } : {}),
      ...(n.unanswerable ? { unanswerable: true as const } : {}),
    };
  }),
);

/** Written after tuning, run once (bench:chat's "fresh" row): catalogue needs as [kind, trial, lang, question]. */
export const FRESH_TRIAL: Array<[kind: string, trialId: string, lang: Lang, q: string]> = [
  ['exclusion', 'NCT04282044', 'en', 'anything that would exclude someone from NCT04282044?'],
  ['exclusion', 'NCT04697576', 'es', 'NCT04697576 — criterios para excluir pacientes'],
  ['exclusion', 'NCT05107674', 'it', 'quali pazienti non possono partecipare a NCT05107674'],
  ['inclusion', 'NCT05229614', 'en', 'NCT05229614 eligibility: who qualifies'],
  ['inclusion', 'NCT05483400', 'es', 'requisitos para participar en NCT05483400'],
  ['inclusion', 'NCT05492682', 'it', 'chi può partecipare al NCT05492682?'],
  ['phase', 'NCT05877430', 'en', 'Which trial phase is NCT05877430 in'],
  ['phase', 'NCT05909618', 'es', '¿El NCT05909618 es fase 1, 2 o 3?'],
  ['phase', 'NCT06022029', 'it', 'in che fase si trova NCT06022029'],
  ['sponsor', 'NCT03340129', 'en', 'which company or institution is behind NCT03340129'],
  ['sponsor', 'NCT03686124', 'es', '¿quién financia el NCT03686124?'],
  ['sponsor', 'NCT03755739', 'it', 'promotore di NCT03755739?'],
  ['arms', 'NCT04752826', 'en', "what's given to patients in NCT04752826"],
  ['arms', 'NCT04771520', 'es', 'tratamiento que reciben en NCT04771520'],
  ['arms', 'NCT05492682', 'it', 'bracci di trattamento NCT05492682'],
  ['sites', 'NCT03829254', 'en', 'where can a patient go for NCT03829254'],
  ['sites', 'NCT03947385', 'es', '¿en qué hospitales se hace NCT03947385?'],
  ['sites', 'NCT05770102', 'it', 'in quali ospedali si svolge NCT05770102'],
];

const fresh = (id: string, folder: Folder, lang: Lang, q: string, rest: Partial<BenchQuestion> = {}): BenchQuestion => ({
  id: `fresh-${id}`,
  need: `fresh-${id}`,
  half: 'fresh',
  lang,
  folder,
  q,
  ...rest,
});
export const FRESH_PATIENT: BenchQuestion[] = [
  fresh('cand-lung', 'lung', 'en', 'is the patient a candidate for NCT02997501', { cites: [T('NCT02997501'), crit], says: ['NCT02997501'] }),
  fresh('cand-colon', 'colon', 'es', '¿mi paciente podría entrar en NCT02788279?', { cites: [T('NCT02788279')], says: ['NCT02788279'] }),
  fresh('cand-breast', 'breast', 'it', 'la paziente rientra nei criteri di NCT00570921?', { cites: [T('NCT00570921')], says: ['NCT00570921'] }),
  fresh('next-colon', 'colon', 'en', 'next tests to order?', { cites: [pat], says: ['RAS'] }),
  fresh('next-breast', 'breast', 'it', 'quali esami mancano per decidere la terapia', { cites: [pat], says: ['(?i)lines of systemic therapy'] }),
  fresh('options-lung', 'lung', 'es', '¿qué opciones terapéuticas hay según la guía?', { cites: [gl()], says: ['(?i)osimertinib'] }),
  fresh('why-enco', 'colon', 'it', 'perché encorafenib?', { cites: [gl()], says: ['BRAF'] }),
  fresh('alpelisib', 'breast', 'en', 'why is alpelisib suggested?', { cites: [gl()], says: ['(?i)alpelisib', 'PIK3CA'] }),
  fresh('list-osi', 'lung', 'en', 'any trial in the list with osimertinib', { cites: [T()], says: ['(?i)osimertinib'] }),
  fresh('list-pembro', 'colon', 'es', 'ensayos con pembrolizumab en la lista', { cites: [T()], says: ['(?i)pembrolizumab'] }),
  fresh('ngs-tp53', 'lung', 'it', "cosa dice l'NGS su TP53?", { cites: [doc], says: ['TP53'] }),
  fresh('cea', 'colon', 'en', 'CEA value?', { cites: [doc], says: ['18,6'] }),
  fresh('mutations-breast', 'breast', 'es', '¿qué mutaciones tiene la paciente?', { cites: [], says: ['ESR1|PIK3CA'] }),
  fresh('follow-excl', 'lung', 'en', 'who is excluded?', { before: ['tell me about NCT02151981'], cites: [T('NCT02151981')], says: ['NCT02151981'] }),
  fresh('follow-arms', 'colon', 'it', 'e quali farmaci usa?', {
    before: ['Dove sono i centri di NCT00252564?'],
    cites: [T('NCT00252564')],
    says: ['(?i)bevacizumab'],
  }),
  fresh('follow-sponsor', 'breast', 'es', '¿y quién lo patrocina?', { before: ['What is NCT03326674 about?'], cites: [T('NCT03326674')], says: ['Odonate'] }),
  fresh('follow-caveats', 'colon', 'en', 'what are the caveats?', { before: ['why encorafenib'], cites: [gl()], says: ['(?i)encorafenib'] }),
  fresh('no-grapefruit', 'breast', 'en', 'Can she eat grapefruit on ribociclib?', { unanswerable: true }),
  fresh('no-life', 'colon', 'es', '¿Cuál es su esperanza de vida?', { unanswerable: true }),
  fresh('no-weather', 'lung', 'it', 'che tempo farà domani a Roma', { unanswerable: true }),
  fresh('no-restaurant', 'lung', 'en', 'Recommend a good restaurant near the hospital', { unanswerable: true }),
  fresh('no-plane', 'breast', 'es', '¿puede viajar en avión?', { unanswerable: true }),
];

/**
 * "fresh2": written in one sitting as clinicians type to a colleague, before the engine's code was read
 * and without running them first (lower case, no question mark, shorthand, word order of speech, es/it asked
 * in an English interface, follow-ups in one conversation, conversations opened on a trial or an option).
 * bench:chat splits them by a hash of the id into a part the assistant was tuned on and a part whose
 * failures are never printed (HELD_OUT in bench/chat.ts). Catalogue needs as [kind, trial, lang, question,
 * earlier questions]: their expectations are read from the record by make.ts, like the other halves'.
 */
export const FRESH2_TRIAL: Array<[kind: string, trialId: string, lang: Lang, q: string, before?: string[]]> = [
  ['exclusion', 'NCT04198766', 'en', 'exclusions for NCT04198766'],
  ['exclusion', 'NCT05076760', 'es', 'NCT05076760 criterios de exclusion'],
  ['exclusion', 'NCT05428007', 'it', 'esclusioni del NCT05428007'],
  ['exclusion', 'NCT05913388', 'en', 'NCT05913388 - what rules a pt out'],
  ['exclusion', 'NCT06204991', 'en', 'who cant go into NCT06204991'],
  ['exclusion', 'NCT02759614', 'es', 'qué pacientes no pueden entrar al NCT02759614'],
  ['exclusion', 'NCT04247984', 'it', "criteri d'esclusione NCT04247984"],
  ['exclusion', 'NCT05263050', 'en', 'exclusion criteria of nct05263050'],
  ['exclusion', 'NCT00705822', 'es', 'exclusión NCT00705822'],
  ['exclusion', 'NCT00709826', 'it', 'NCT00709826 chi non è eleggibile'],
  ['inclusion', 'NCT05756972', 'en', 'NCT05756972 inclusion'],
  ['inclusion', 'NCT06944470', 'es', 'criterios de inclusion de NCT06944470'],
  ['inclusion', 'NCT05696548', 'it', 'chi può essere arruolato nel NCT05696548'],
  ['inclusion', 'NCT00700102', 'en', 'who is eligible for NCT00700102'],
  ['phase', 'NCT05263050', 'es', 'fase NCT05263050'],
  ['phase', 'NCT00703326', 'en', 'NCT00703326 what phase'],
  ['phase', 'NCT05691478', 'it', 'il NCT05691478 è di fase 3'],
  ['sponsor', 'NCT05428007', 'en', 'sponsor of NCT05428007'],
  ['sponsor', 'NCT05913388', 'it', 'chi sponsorizza NCT05913388'],
  ['sponsor', 'NCT02759614', 'es', 'quién es el patrocinador del NCT02759614'],
  ['arms', 'NCT05263050', 'en', 'NCT05263050 drugs'],
  ['arms', 'NCT05696548', 'es', 'medicamentos del NCT05696548'],
  ['arms', 'NCT00709826', 'it', 'quali farmaci testa NCT00709826'],
  ['sites', 'NCT00703326', 'en', 'countries for NCT00703326'],
  ['sites', 'NCT05521087', 'es', 'en qué países está abierto el NCT05521087'],
  ['sites', 'NCT00700102', 'it', 'paesi del NCT00700102'],
  // follow-ups: the trial is named only in an earlier question
  ['exclusion', 'NCT05263050', 'en', 'and the exclusions', ['tell me about NCT05263050']],
  ['sponsor', 'NCT02759614', 'it', 'chi lo promuove', ['NCT02759614 fase']],
  ['sites', 'NCT05428007', 'es', 'y dónde se hace', ['criterios de inclusión NCT05428007']],
  ['arms', 'NCT04198766', 'en', 'what drugs does it use', ['phase of NCT04198766']],
  ['phase', 'NCT00709826', 'it', 'e che fase è', ['farmaci NCT00709826']],
  ['inclusion', 'NCT05913388', 'es', 'y quién puede entrar', ['quién patrocina NCT05913388']],
];

/** An answer to a Spanish or Italian question is written in that language: it holds words of the interface's own sentences in it. */
export const IN_LANG: Record<Lang, string | null> = {
  en: null,
  es: '(?i)\\b(?:según|paciente|ensayos?|estudios?|opci[oó]n|informe|los|las|para|fuentes|criterios|centros?|fase|promotor|intervenciones)\\b',
  it: '(?i)\\b(?:della|degli|delle|paziente|studi|studio|opzione|referto|secondo|fonti|criteri|centri|fase|promotore|interventi|sono)\\b',
};
const fresh2 = (id: string, folder: Folder, lang: Lang, q: string, rest: Partial<BenchQuestion> = {}): BenchQuestion => ({
  id: `fresh2-${id}`,
  need: `fresh2-${id}`,
  half: 'fresh2',
  lang,
  folder,
  q,
  ...rest,
  ...(rest.says && IN_LANG[lang] ? { says: [...rest.says, IN_LANG[lang] as string] } : {}),
});
const no = (id: string, folder: Folder, lang: Lang, q: string) => fresh2(id, folder, lang, q, { unanswerable: true });

export const FRESH2_PATIENT: BenchQuestion[] = [
  // what a trial's record says, in the clinician's words
  fresh2('c-02759614-ex19', null, 'en', 'does NCT02759614 take exon 19 del', { cites: [T('NCT02759614')], says: ['(?i)exon 19'] }),
  fresh2('c-00700102-bev', null, 'es', 'NCT00700102 exige bevacizumab previo', { cites: [T('NCT00700102')], says: ['Avastin'] }),
  fresh2('c-05076760-pd1', null, 'it', 'NCT05076760 accetta pazienti già trattati con anti-PD-1', { cites: [T('NCT05076760')], says: ['(?i)anti-PD-1'] }),
  fresh2('c-06204991-age', null, 'en', 'age limit NCT06204991', { cites: [T('NCT06204991')], says: ['75'] }),
  fresh2('c-05521087-gfr', null, 'en', 'NCT05521087 gfr requirement', { cites: [T('NCT05521087')], says: ['(?i)glomerular filtration rate'] }),
  fresh2('c-04247984-chemo', null, 'es', 'NCT04247984 permite quimio previa', { cites: [T('NCT04247984')], says: ['(?i)no previous chemotherapy'] }),
  fresh2('c-05913388-pdl1', null, 'it', 'NCT05913388 serve il PD-L1', { cites: [T('NCT05913388')], says: ['PD-L1 testing'] }),
  fresh2('c-01974349-smoke', null, 'en', 'NCT01974349 smokers ok?', { cites: [T('NCT01974349')], says: ['(?i)smoked|nicotine'] }),

  // lung: EGFR L858R + T790M after erlotinib
  fresh2('l-next', 'lung', 'en', 'next test?', { cites: [pat], says: ['.'] }),
  fresh2('l-next-es', 'lung', 'es', 'qué le pido ahora a esta paciente', { cites: [pat], says: ['.'] }),
  fresh2('l-next-it', 'lung', 'it', 'che test manca', { cites: [pat], says: ['.'] }),
  fresh2('l-osi', 'lung', 'en', 'osimertinib why', { cites: [gl('nsclc-egfr-t790m-osimertinib')], says: ['T790M'] }),
  fresh2('l-pembro', 'lung', 'es', 'y el pembro por qué', { cites: [gl('pan-tmb-pembrolizumab')], says: ['TMB'] }),
  fresh2('l-carbopem', 'lung', 'en', 'is carbo pem an option', { cites: [gl('nsclc-egfr-platinum-pemetrexed-after-tki')], says: ['(?i)pemetrexed'] }),
  fresh2('l-erlo-trials', 'lung', 'it', 'studi con erlotinib nella lista', { cites: [T()], says: ['(?i)erlotinib'] }),
  fresh2('l-pembro-trials', 'lung', 'en', 'which of her trials use pembro', { cites: [T()], says: ['(?i)pembrolizumab'] }),
  fresh2('l-gefi-trials', 'lung', 'en', 'any trials w gefitinib', { cites: [T()], says: ['(?i)gefitinib'] }),
  fresh2('l-bev-trials', 'lung', 'es', 'ensayos que usan bevacizumab', { cites: [T()], says: ['(?i)bevacizumab'] }),
  fresh2('l-t790m', 'lung', 'en', 't790m in the ngs?', { cites: [doc], says: ['T790M'] }),
  fresh2('l-hb', 'lung', 'en', 'hb value', { cites: [doc], says: ['12\\.6'] }),
  fresh2('l-plt', 'lung', 'es', 'plaquetas de la paciente', { cites: [doc], says: ['231'] }),
  fresh2('l-lft', 'lung', 'it', 'ALT e AST', { cites: [doc], says: ['\\b22\\b', '\\b25\\b'] }),
  fresh2('l-prior', 'lung', 'en', 'prior tx', { cites: [pat], says: ['(?i)erlotinib'] }),
  fresh2('l-mets', 'lung', 'en', 'where are the mets', { cites: [pat], says: ['(?i)bone'] }),
  fresh2('l-why-02296125', 'lung', 'en', 'why isnt she eligible for NCT02296125', { cites: [T('NCT02296125'), crit], says: ['NCT02296125'] }),
  fresh2('l-fit-06032936', 'lung', 'it', 'NCT06032936 va bene per lei', { cites: [T('NCT06032936'), crit], says: ['NCT06032936'] }),
  fresh2('l-tmb-it', 'lung', 'it', 'valore del tmb', { cites: [doc], says: ['\\b12\\b'] }),
  fresh2('l-msi', 'lung', 'en', 'is she msi high', { cites: [], says: ['(?i)stable|MSS'] }),
  fresh2('l-follow-src', 'lung', 'en', 'sources?', { before: ['why osimertinib'], cites: [gl('nsclc-egfr-t790m-osimertinib')], says: ['(?i)osimertinib'] }),
  fresh2('l-follow-qualify', 'lung', 'en', 'does she qualify', { before: ['NCT06032936 phase'], cites: [T('NCT06032936'), crit], says: ['NCT06032936'] }),
  fresh2('l-ctx-option', 'lung', 'en', 'why this one', {
    context: { recommendationId: 'nsclc-egfr-platinum-pemetrexed-after-tki' },
    cites: [gl('nsclc-egfr-platinum-pemetrexed-after-tki')],
    says: ['(?i)pemetrexed'],
  }),
  fresh2('l-ctx-where', 'lung', 'en', 'where is it running', { context: { trialId: 'NCT06032936' }, cites: [T('NCT06032936')], says: ['Beijing|China'] }),

  // colon: BRAF V600E, MSI-high, after FOLFOX
  fresh2('c-next', 'colon', 'en', 'what to check next', { cites: [pat], says: ['RAS'] }),
  fresh2('c-next-it', 'colon', 'it', 'manca qualche esame per decidere', { cites: [pat], says: ['RAS'] }),
  fresh2('c-encocetux', 'colon', 'en', 'enco cetux why', { cites: [gl('crc-braf-encorafenib-cetuximab-2l')], says: ['BRAF'] }),
  fresh2('c-nivoipi', 'colon', 'it', 'perché nivo ipi', { cites: [gl('crc-msi-nivolumab-ipilimumab-2l')], says: ['(?i)MSI|MMR'] }),
  fresh2('c-tdxd', 'colon', 'en', 'why not t-dxd', { cites: [gl('pan-her2-ihc3-tdxd')], says: ['HER2'] }),
  fresh2('c-aflib', 'colon', 'en', 'folfiri aflibercept option?', { cites: [gl('crc-folfiri-aflibercept-2l')], says: ['(?i)aflibercept'] }),
  fresh2('c-dostar', 'colon', 'es', 'dostarlimab por qué', { cites: [gl('pan-dmmr-dostarlimab')], says: ['(?i)dMMR|MSI|MMR'] }),
  fresh2('c-cetux-trials', 'colon', 'en', 'trials with cetuximab', { cites: [T()], says: ['(?i)cetuximab'] }),
  fresh2('c-siro-trials', 'colon', 'es', 'estudios con sirolimus', { cites: [T()], says: ['(?i)sirolimus'] }),
  fresh2('c-atezo-trials', 'colon', 'it', 'studi con atezolizumab', { cites: [T()], says: ['(?i)atezolizumab'] }),
  fresh2('c-evero-trials', 'colon', 'en', 'which trials use everolimus', { cites: [T()], says: ['(?i)everolimus'] }),
  fresh2('c-braf', 'colon', 'en', 'braf in the report', { cites: [doc], says: ['V600E'] }),
  fresh2('c-creat', 'colon', 'es', 'creatinina del paciente', { cites: [doc], says: ['\\b92\\b'] }),
  fresh2('c-hb', 'colon', 'it', 'emoglobina?', { cites: [doc], says: ['10,8'] }),
  fresh2('c-her2', 'colon', 'en', 'her2 on ngs', { cites: [doc], says: ['ERBB2|HER2'] }),
  fresh2('c-mlh1', 'colon', 'en', 'mlh1 result', { cites: [doc], says: ['MLH1'] }),
  fresh2('c-prior', 'colon', 'en', 'prior lines', { cites: [pat], says: ['(?i)FOLFOX|oxaliplatin'] }),
  fresh2('c-elig-05706779', 'colon', 'en', 'eligible for NCT05706779?', { cites: [T('NCT05706779'), crit], says: ['NCT05706779'] }),
  fresh2('c-follow-whynot', 'colon', 'en', 'and NCT05706779 why not', {
    before: ['which trials use cetuximab'],
    cites: [T('NCT05706779'), crit],
    says: ['NCT05706779'],
  }),
  fresh2('c-follow-src', 'colon', 'it', 'e le fonti', {
    before: ['perché encorafenib'],
    cites: [gl('crc-braf-encorafenib-cetuximab-2l')],
    says: ['(?i)encorafenib'],
  }),
  fresh2('c-follow-pik3ca', 'colon', 'en', 'and pik3ca?', { before: ['What does the NGS report say about MSI?'], cites: [doc], says: ['PIK3CA'] }),
  fresh2('c-ctx-pembro', 'colon', 'es', 'evidencia?', {
    context: { recommendationId: 'pan-msi-pembrolizumab' },
    cites: [gl('pan-msi-pembrolizumab')],
    says: ['(?i)pembrolizumab'],
  }),
  fresh2('c-ctx-nivoipi', 'colon', 'en', 'why', {
    context: { recommendationId: 'crc-msi-nivolumab-ipilimumab-2l' },
    cites: [gl('crc-msi-nivolumab-ipilimumab-2l')],
    says: ['(?i)nivolumab'],
  }),
  fresh2('c-ctx-incl', 'colon', 'it', 'criteri di inclusione', {
    context: { trialId: 'NCT05770102' },
    cites: [T('NCT05770102')],
    says: ['(?i)criteri di inclusione'],
  }),
  fresh2('c-ctx-elig', 'colon', 'en', 'is my pt eligible', { context: { trialId: 'NCT02788279' }, cites: [T('NCT02788279'), crit], says: ['NCT02788279'] }),
  fresh2('c-nearest', 'colon', 'en', 'nearest site NCT05700656', { cites: [T('NCT05700656')], says: ['Netherlands|Amsterdam'] }),

  // breast: HR+/HER2− after fulvestrant and CDK4/6 inhibitors, ESR1 and PIK3CA
  fresh2('b-next', 'breast', 'en', 'what tests are missing', { cites: [pat], says: ['(?i)line'] }),
  fresh2('b-capi', 'breast', 'en', 'capivasertib why', { cites: [gl('breast-akt-pathway-capivasertib')], says: ['(?i)AKT|PIK3CA|PTEN'] }),
  fresh2('b-evero', 'breast', 'es', 'por qué no everolimus', { cites: [gl()], says: ['(?i)everolimus'] }),
  fresh2('b-sacituzumab', 'breast', 'it', 'sacituzumab è un opzione', { cites: [gl('breast-hr-sacituzumab')], says: ['(?i)sacituzumab'] }),
  fresh2('b-inavo', 'breast', 'en', 'inavolisib why', { cites: [gl('breast-pik3ca-inavolisib')], says: ['PIK3CA'] }),
  fresh2('b-evero-trials', 'breast', 'it', 'studi con everolimus', { cites: [T()], says: ['(?i)everolimus'] }),
  fresh2('b-capi-trials', 'breast', 'en', 'which trials use capivasertib', { cites: [T('NCT01625286')], says: ['(?i)capivasertib'] }),
  fresh2('b-doce-trials', 'breast', 'en', 'trials w docetaxel', { cites: [T()], says: ['(?i)docetaxel'] }),
  fresh2('b-esr1', 'breast', 'en', 'esr1?', { cites: [pat], says: ['ESR1'] }),
  fresh2('b-her2', 'breast', 'en', 'her2 status', { cites: [pat], says: ['(?i)negative'] }),
  fresh2('b-hr', 'breast', 'es', 'estado de receptores hormonales', { cites: [pat], says: ['\\bER\\b|estr[oó]geno'] }),
  fresh2('b-prior', 'breast', 'en', 'what has she had before', { cites: [pat], says: ['(?i)fulvestrant|abemaciclib|ribociclib'] }),
  fresh2('b-age', 'breast', 'it', 'età e ecog', { cites: [pat], says: ['\\b67\\b'] }),
  fresh2('b-follow-caveats', 'breast', 'en', 'and the caveats', {
    before: ['why elacestrant'],
    cites: [gl('breast-esr1-elacestrant')],
    says: ['(?i)elacestrant'],
  }),
  fresh2('b-follow-qualify', 'breast', 'en', 'does she qualify for it', {
    before: ['trials with capivasertib'],
    cites: [T('NCT01625286'), crit],
    says: ['NCT01625286'],
  }),
  fresh2('b-ctx-alpelisib', 'breast', 'it', 'cosa serve per questa opzione', {
    context: { recommendationId: 'breast-pik3ca-alpelisib' },
    cites: [gl('breast-pik3ca-alpelisib')],
    says: ['PIK3CA'],
  }),
  fresh2('b-ctx-phase', 'breast', 'es', 'fase?', { context: { trialId: 'NCT00570921' }, cites: [T('NCT00570921')], says: ['\\b2\\b'] }),
  fresh2('b-ctx-drugs', 'breast', 'en', 'drugs', { context: { trialId: 'NCT01625286' }, cites: [T('NCT01625286')], says: ['(?i)capivasertib'] }),

  // outside what the sources hold: declined
  no('no-dose-renal', 'lung', 'en', 'dose of pembro in renal failure'),
  no('no-price', 'lung', 'es', 'cuánto cuesta el osimertinib'),
  no('no-flu', 'colon', 'it', 'posso fare il vaccino antinfluenzale durante la chemio'),
  no('no-hotel', 'breast', 'en', 'best hotel near mayo clinic'),
  no('no-prognosis', 'colon', 'en', "what's the prognosis"),
  no('no-football', null, 'it', 'chi ha vinto la partita ieri'),
  no('no-live', 'breast', 'en', 'how long will she live'),
  no('no-lasagna', null, 'en', 'recipe for lasagna'),
  no('no-capecitabine', 'colon', 'it', 'qual è la posologia della capecitabina'),
  no('no-stock', 'lung', 'en', 'astrazeneca stock price'),
  no('no-trial', 'lung', 'en', 'NCT00000000 phase'),
  no('no-pregnancy', 'breast', 'es', 'puede quedarse embarazada despues'),
];

/**
 * "fresh3": written in one sitting as clinicians type, before the engine's code for the parts then changed
 * was read, about 17 catalogue trials not asked about before and the demo patients (en/es/it, shorthand,
 * follow-ups, conversations opened on a trial). Split by the same hash as fresh2 (HELD_OUT in bench/chat.ts).
 * Catalogue needs of the kinds make.ts reads from the record, as in FRESH2_TRIAL.
 */
export const FRESH3_TRIAL: Array<[kind: string, trialId: string, lang: Lang, q: string, before?: string[]]> = [
  ['exclusion', 'NCT05824975', 'en', 'NCT05824975 excl'],
  ['exclusion', 'NCT06594991', 'it', 'criteri esclusione NCT06594991'],
  ['exclusion', 'NCT06771544', 'es', 'quién queda fuera del NCT06771544'],
  ['exclusion', 'NCT05636150', 'en', 'what excludes from NCT05636150'],
  ['exclusion', 'NCT00500188', 'es', 'criterios de exclusión NCT00500188'],
  ['exclusion', 'NCT05699746', 'it', 'chi è escluso dal NCT05699746'],
  ['inclusion', 'NCT05727904', 'en', 'inclusion crit for NCT05727904'],
  ['inclusion', 'NCT07463768', 'it', 'requisiti NCT07463768'],
  ['inclusion', 'NCT02387086', 'es', 'quién puede participar en NCT02387086'],
  ['inclusion', 'NCT00708773', 'en', 'NCT00708773 eligibility'],
  ['phase', 'NCT05727904', 'it', 'che fase è NCT05727904'],
  ['phase', 'NCT03701321', 'en', 'NCT03701321 ph?'],
  ['phase', 'NCT05699655', 'es', 'NCT05699655 en qué fase'],
  ['sponsor', 'NCT04811001', 'en', 'who sponsors NCT04811001'],
  ['sponsor', 'NCT07518043', 'es', 'patrocinador NCT07518043'],
  ['sponsor', 'NCT00707889', 'it', 'promotore del NCT00707889'],
  ['arms', 'NCT06771544', 'en', 'NCT06771544 what drugs'],
  ['arms', 'NCT03701321', 'it', 'farmaci dello studio NCT03701321'],
  ['arms', 'NCT00703976', 'es', 'fármacos del NCT00703976'],
  ['sites', 'NCT04811001', 'es', 'dónde se hace el NCT04811001'],
  ['sites', 'NCT07463768', 'en', 'NCT07463768 countries'],
  ['sites', 'NCT05636150', 'it', 'in che paese è il NCT05636150'],
  // follow-ups: the trial is named only in an earlier question
  ['exclusion', 'NCT00707889', 'it', 'e i criteri di esclusione', ['sponsor of NCT00707889']],
  ['arms', 'NCT07463768', 'es', '¿y qué fármacos usa?', ['NCT07463768 fase']],
  ['sponsor', 'NCT06594991', 'en', 'who runs it', ['NCT06594991 drugs']],
  ['sites', 'NCT05699746', 'en', 'and where', ['what phase is NCT05699746']],
];

/**
 * fresh3 questions a trial's own sentences answer: [id, trial, lang, question, what the answer must say, earlier
 * questions]. make.ts fails when the expectation is not in the record's text (title, summary, criteria, arms),
 * so every one is read from the record, not from an answer.
 */
export const FRESH3_RECORD: Array<[id: string, trialId: string, lang: Lang, q: string, says: string, before?: string[]]> = [
  // age limits
  ['age-07518043', 'NCT07518043', 'en', 'NCT07518043 age range', '18 to 70'],
  ['age-02387086', 'NCT02387086', 'es', 'edad máxima NCT02387086', '75'],
  ['age-07463768', 'NCT07463768', 'it', 'età minima per NCT07463768', '55'],
  ['age-05699655', 'NCT05699655', 'en', 'how old can pts be for NCT05699655', '18-70'],
  ['age-05727904', 'NCT05727904', 'en', 'NCT05727904 upper age limit', '70 years'],
  ['age-05848687', 'NCT05848687', 'es', 'NCT05848687 qué edad', '365 days'],
  // design and allocation
  ['design-05727904', 'NCT05727904', 'en', 'is NCT05727904 randomized', '(?i)randomi[sz]ed'],
  ['design-07463768', 'NCT07463768', 'it', 'NCT07463768 è randomizzato o a braccio singolo', '(?i)single arm'],
  ['design-04811001', 'NCT04811001', 'es', '¿el NCT04811001 es aleatorizado?', '(?i)randomi[sz]ed'],
  ['design-00703976', 'NCT00703976', 'en', 'NCT00703976 design', '(?i)randomi[sz]ed'],
  ['design-05699746', 'NCT05699746', 'it', 'disegno dello studio NCT05699746', '(?i)randomi[sz]ed controlled'],
  ['design-00707889', 'NCT00707889', 'en', 'open label? NCT00707889', '(?i)open-label'],
  ['design-07518043', 'NCT07518043', 'es', 'NCT07518043 es doble ciego', '(?i)double-blind'],
  // what a criterion says
  ['ecog-06771544', 'NCT06771544', 'en', 'NCT06771544 ecog allowed', '0, 1 or 2'],
  ['brain-04811001', 'NCT04811001', 'en', 'brain mets ok in NCT04811001?', '(?i)asymptomatic and stable'],
  ['idh1-07463768', 'NCT07463768', 'it', 'NCT07463768 serve la mutazione IDH1', 'R132'],
  ['crcl-06771544', 'NCT06771544', 'es', 'aclaramiento de creatinina en NCT06771544', '30'],
  ['egfr-02387086', 'NCT02387086', 'en', 'NCT02387086 egfr pretreated allowed', '(?i)previously untreated'],
  ['prior-00707889', 'NCT00707889', 'es', 'cuántas líneas previas pide el NCT00707889', '(?i)one prior chemotherapy regimen'],
  ['hiv-05824975', 'NCT05824975', 'en', 'hiv pts in NCT05824975', '(?i)anti-retroviral'],
  ['t1114-03701321', 'NCT03701321', 'it', 'NCT03701321 richiede t(11;14)', 't\\(11;14\\)'],
  ['mmr-05699746', 'NCT05699746', 'en', 'mmr status needed for NCT05699746', '(?i)mismatch'],
  ['pd1-06594991', 'NCT06594991', 'es', 'NCT06594991 requiere anti-PD-1 previo', '(?i)PD-1'],
  ['cns-05824975', 'NCT05824975', 'it', 'metastasi cerebrali NCT05824975', '(?i)CNS metastases'],
  ['bmi-07518043', 'NCT07518043', 'en', 'bmi limits NCT07518043', '30 kg'],
  ['gleevec-00500188', 'NCT00500188', 'en', 'prior imatinib allowed in NCT00500188', '(?i)gleevec'],
  // follow-ups and conversations opened on a trial
  ['f-age-05727904', 'NCT05727904', 'es', '¿y la edad?', '70', ['tell me about NCT05727904']],
  ['f-design-04811001', 'NCT04811001', 'en', 'randomized or single arm?', '(?i)randomi[sz]ed', ['NCT04811001 phase']],
  ['f-design-07463768', 'NCT07463768', 'es', '¿es de un solo brazo?', '(?i)single arm', ['qué fase es NCT07463768']],
  ['f-ecog-05636150', 'NCT05636150', 'it', "e l'ECOG?", '0 to 2', ['criteri di inclusione NCT05636150']],
];

const fresh3 = (id: string, folder: Folder, lang: Lang, q: string, rest: Partial<BenchQuestion> = {}): BenchQuestion => ({
  ...fresh2(id, folder, lang, q, rest),
  id: `fresh3-${id}`,
  need: `fresh3-${id}`,
  half: 'fresh3',
});
const no3 = (id: string, folder: Folder, lang: Lang, q: string) => fresh3(id, folder, lang, q, { unanswerable: true });

/** fresh3 about the demo patients (their facts, reports and options as the workspace records them), and out of scope. */
export const FRESH3_PATIENT: BenchQuestion[] = [
  // breast (mCODE): ER+, PR+, HER2−, born 1959, liver, bone and axillary nodes
  fresh3('b-er', 'breast', 'en', 'er status', { cites: [pat], says: ['(?i)positive', '\\bER\\b|[Ee]strogen'] }),
  fresh3('b-er-es', 'breast', 'es', 'receptor de estrógeno', { cites: [pat], says: ['(?i)positiv'] }),
  fresh3('b-pr-it', 'breast', 'it', 'PgR?', { cites: [pat], says: ['(?i)positiv'] }),
  fresh3('b-her2-es', 'breast', 'es', 'her2 de la paciente', { cites: [pat], says: ['(?i)negativ'] }),
  fresh3('b-pr-follow', 'breast', 'en', 'and pr', { before: ['er status'], cites: [pat], says: ['(?i)positive', '\\bPR\\b|[Pp]rogesterone'] }),
  fresh3('b-mets-it', 'breast', 'it', 'sedi di metastasi', { cites: [pat], says: ['(?i)fegato|liver|hepat|epat', '(?i)oss|bone'] }),
  fresh3('b-age-en', 'breast', 'en', 'pt age', { cites: [pat], says: ['\\b67\\b'] }),
  fresh3('b-cdk-es', 'breast', 'es', 'qué inhibidores de CDK4/6 recibió', { cites: [pat], says: ['(?i)abemaciclib|ribociclib'] }),
  // lung: EGFR L858R + T790M, TMB 12, MSS, ECOG 1, bone
  fresh3('l-egfr', 'lung', 'en', 'egfr status', { cites: [], says: ['L858R|T790M'] }),
  fresh3('l-egfr-it', 'lung', 'it', 'mutazione di EGFR', { cites: [], says: ['L858R|T790M'] }),
  fresh3('l-ecog', 'lung', 'en', 'ps?', { cites: [pat], says: ['\\b1\\b'] }),
  fresh3('l-crea-it', 'lung', 'it', 'creatinina', { cites: [doc], says: ['0[.,]84'] }),
  fresh3('l-neut-es', 'lung', 'es', 'neutrófilos', { cites: [doc], says: ['3[.,]9'] }),
  fresh3('l-msi-es', 'lung', 'es', '¿es MSI alta?', { cites: [], says: ['(?i)stable|MSS|estable'] }),
  fresh3('l-ctx-design', 'lung', 'en', 'randomized or single arm?', {
    context: { trialId: 'NCT04811001' },
    cites: [T('NCT04811001')],
    says: ['(?i)randomi[sz]ed'],
  }),
  // colon: BRAF V600E, MSI-high, MLH1 loss, PIK3CA H1047R, ERBB2 amplified
  fresh3('c-mmr', 'colon', 'en', 'mmr status', { cites: [], says: ['(?i)MSI-?H|MLH1|deficient|dMMR'] }),
  fresh3('c-braf-es', 'colon', 'es', 'mutación de BRAF', { cites: [], says: ['V600E'] }),
  fresh3('c-her2-it', 'colon', 'it', 'HER2 amplificato?', { cites: [], says: ['(?i)amplif'] }),
  fresh3('c-bili', 'colon', 'en', 'bili', { cites: [doc], says: ['\\b14\\b'] }),
  fresh3('c-plt-it', 'colon', 'it', 'piastrine', { cites: [doc], says: ['298'] }),
  fresh3('c-tmb-es', 'colon', 'es', 'carga mutacional', { cites: [doc], says: ['\\b48\\b'] }),
  fresh3('c-follow-cea', 'colon', 'en', 'and cea', { before: ['hb?'], cites: [doc], says: ['18,6'] }),
  // outside what the sources hold: declined
  no3('no-dose', 'breast', 'en', 'ribociclib dose reduction for neutropenia'),
  no3('no-cost-it', 'colon', 'it', 'quanto costa il cetuximab'),
  no3('no-diet-es', 'lung', 'es', 'qué dieta le recomiendas'),
  no3('no-parking', null, 'en', 'where can i park at the hospital'),
  no3('no-survival', 'lung', 'en', 'median os for her'),
  no3('no-weather-es', null, 'es', 'qué tiempo hace en Madrid'),
  no3('no-covid', 'breast', 'it', 'può fare il vaccino covid'),
  no3('no-driving', 'colon', 'en', 'can he drive after chemo'),
  no3('no-email', null, 'en', 'write an email to my boss'),
  no3('no-nct-fake', 'lung', 'es', 'fase del NCT99999999'),
];
