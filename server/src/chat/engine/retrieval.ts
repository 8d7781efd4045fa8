import MiniSearch from 'minisearch';
// snowball-stemmers: the Snowball project's stemmers (English, Spanish, Italian among them) ported to plain
// JavaScript, no dependencies; Snowball is the standard stemmer family for these languages.
import * as snowball from 'snowball-stemmers';
import { DRUG_CLASS_NAMES, type Citation } from '@oncodesk/shared/contracts';
import { DRUG_SHORTHAND, shorthandIgnoresCase } from '../../language/lexicon';
import { englishSpellings } from '../../language/romanceSpelling';
import { DRUGS, drugClasses, drugClassLabel, normalizeDrug } from '../../vocab/drugKnowledge';
import { plain } from './intent';
import { isCommonWord } from './language';

/**
 * Lexical retrieval over a conversation's sources: each source sentence is a passage, ranked against the
 * question with BM25 (MiniSearch: maintained, no dependencies, CommonJS build for Node 20, BM25+ scoring
 * with a per-term hook for stemming and stop words). Sources are mostly English (trial records, the
 * guideline pack) while questions come in en/es/it: a question's Spanish and Italian words are stemmed
 * with their own stemmer and mapped through a small clinical glossary to the English word the sources use,
 * then every term is stemmed in English on both sides.
 */
export interface Passage {
  id: string;
  text: string;
  citation: Citation;
  /** Relative weight of the passage's kind (a trial's own sentence over a list line). */
  boost?: number;
}

const stem = { en: snowball.newStemmer('english'), es: snowball.newStemmer('spanish'), it: snowball.newStemmer('italian') };

const STOP = new Set(
  `a an the of for in on to and or is are was be does do did what which why who whom where when how can could should would this that these those
  it its her his she he they them my our me i you any about from with by as at if than then there their have has had will not no yes
  el los las del al de la que por porque para con una unos unas es son esta estan y o cual cuales como donde quien hay este estos estas ese esa
  su sus ella mi mis se lo le les un en
  il gli i dei degli delle della dello di da nel nella che cosa per una uno e ci questo questa questi queste suo sua suoi lei lui mio mia si
  quale quali qual cual cuales come ha hanno tiene tienen has have had
  many much cuanto cuanta cuantos cuantas quanto quanta quanti quante
  pt pts please pls tell me say says dice dicen dicono show list patient paziente paciente patients pazienti pacientes
  someone somebody anyone anybody alguien qualcuno ai agli alle allo dal dalla dai dalle sul sulla dell nell sull dall all fatto fatta fatti hecho hecha aver avere haber
  usa usan usano utiliza utilizan utilizza utilizzano
  alla nei negli nelle sui sugli sulle go
  chi non must may might puede pueden podria podrian pueda estar ser sido deve devono debe deben deberia puo possono potrebbe potrebbero essere stato`.split(
    /\s+/,
  ),
);

/** Spanish and Italian words of clinical questions → the English word the sources use (keys are as typed, accents removed). */
const GLOSSARY: Record<string, string> = Object.fromEntries(
  Object.entries({
    metastasis: 'metastases',
    metastasi: 'metastases',
    metastasis_es: 'metastases',
    cerebral: 'brain',
    cerebrales: 'brain',
    cerebrale: 'brain',
    cerebrali: 'brain',
    hepatica: 'liver',
    hepaticas: 'liver',
    higado: 'liver',
    fegato: 'liver',
    epatica: 'liver',
    epatiche: 'liver',
    hueso: 'bone',
    huesos: 'bone',
    osea: 'bone',
    oseas: 'bone',
    osso: 'bone',
    ossa: 'bone',
    ossee: 'bone',
    pulmon: 'lung',
    polmone: 'lung',
    mama: 'breast',
    seno: 'breast',
    colon: 'colon',
    rinon: 'renal',
    rene: 'renal',
    // one word for an organ, whether named or its adjective ("kidney" / "renal", "liver" / "hepatic", "heart" / "cardiac")
    kidney: 'renal',
    kidneys: 'renal',
    hepatic: 'liver',
    heart: 'cardiac',
    pulmonary: 'lung',
    intracranial: 'brain',
    skeletal: 'bone',
    osseous: 'bone',
    tratamiento: 'treatment',
    tratamientos: 'treatments',
    trattamento: 'treatment',
    trattamenti: 'treatments',
    terapia: 'therapy',
    terapias: 'therapy',
    terapie: 'therapy',
    previo: 'prior',
    previos: 'prior',
    previas: 'prior',
    previa: 'prior',
    precedente: 'prior',
    precedenti: 'prior',
    anterior: 'prior',
    anteriores: 'prior',
    embarazo: 'pregnant',
    embarazada: 'pregnant',
    gravidanza: 'pregnant',
    incinta: 'pregnant',
    lactancia: 'lactating',
    allattamento: 'lactating',
    edad: 'age',
    eta: 'age',
    anos: 'years',
    anni: 'years',
    sexo: 'sex',
    sesso: 'sex',
    creatinina: 'creatinine',
    hemoglobina: 'haemoglobin',
    emoglobina: 'haemoglobin',
    plaquetas: 'platelets',
    piastrine: 'platelets',
    bilirrubina: 'bilirubin',
    variante: 'variant',
    varianti: 'variants',
    mutacion: 'mutation',
    mutaciones: 'mutations',
    mutazione: 'mutation',
    mutazioni: 'mutations',
    alteracion: 'alteration',
    alteraciones: 'alterations',
    alterazioni: 'alterations',
    requisito: 'criteria',
    requisitos: 'criteria',
    requisiti: 'criteria',
    criterios: 'criteria',
    criteri: 'criteria',
    criterio: 'criteria',
    inclusion: 'inclusion',
    inclusione: 'inclusion',
    exclusion: 'exclusion',
    esclusione: 'exclusion',
    excluido: 'excluded',
    excluidos: 'excluded',
    escluso: 'excluded',
    esclusi: 'excluded',
    estado: 'status',
    stato: 'status',
    funcional: 'performance',
    rendimiento: 'performance',
    exige: 'required',
    exigen: 'required',
    pide: 'required',
    piden: 'required',
    chiede: 'required',
    requiere: 'required',
    requieren: 'required',
    richiesto: 'required',
    richiesta: 'required',
    richiede: 'required',
    requerido: 'required',
    requerida: 'required',
    requeridos: 'required',
    requeridas: 'required',
    serve: 'required',
    necesario: 'required',
    necessario: 'required',
    obligatorio: 'required',
    permitido: 'allowed',
    permitidos: 'allowed',
    consentito: 'allowed',
    consentiti: 'allowed',
    ammesso: 'allowed',
    ammessi: 'allowed',
    sedi: 'sites',
    sede: 'site',
    sitio: 'site',
    sitios: 'sites',
    centro: 'site',
    centros: 'sites',
    centri: 'sites',
    hospital: 'hospital',
    hospitales: 'hospital',
    ospedale: 'hospital',
    ospedali: 'hospital',
    farmaco: 'drug',
    farmacos: 'drugs',
    farmaci: 'drugs',
    brazo: 'arm',
    brazos: 'arms',
    braccio: 'arm',
    bracci: 'arms',
    fase: 'phase',
    promotor: 'sponsor',
    promotore: 'sponsor',
    patrocinador: 'sponsor',
    opcion: 'option',
    opciones: 'options',
    opzione: 'option',
    opzioni: 'options',
    evidencia: 'evidence',
    evidenza: 'evidence',
    evidenze: 'evidence',
    fuentes: 'source',
    fonti: 'source',
    informe: 'report',
    informes: 'report',
    referto: 'report',
    referti: 'report',
    hallazgo: 'finding',
    hallazgos: 'findings',
    diagnostico: 'diagnosis',
    diagnosi: 'diagnosis',
    estadio: 'stage',
    stadio: 'stage',
    // the size of a tumour's cells ("carcinoma de células pequeñas", "a piccole cellule"), an implanted device
    // ("marcapasos"), the rectum and the colorectum as Spanish and Italian write them (their stems share no English one)
    pequena: 'small',
    pequenas: 'small',
    pequeno: 'small',
    pequenos: 'small',
    piccola: 'small',
    piccole: 'small',
    piccolo: 'small',
    piccoli: 'small',
    marcapasos: 'pacemaker',
    marcapaso: 'pacemaker',
    recto: 'rectum',
    retto: 'rectum',
    rettale: 'rectal',
    rettali: 'rectal',
    colorrectal: 'colorectal',
    colorrectales: 'colorectal',
    colorettale: 'colorectal',
    colorettali: 'colorectal',
    linea: 'line',
    lineas: 'lines',
    linee: 'lines',
    cirugia: 'surgery',
    chirurgia: 'surgery',
    radioterapia: 'radiotherapy',
    quimioterapia: 'chemotherapy',
    chemioterapia: 'chemotherapy',
    inmunoterapia: 'immunotherapy',
    immunoterapia: 'immunotherapy',
    enfermedad: 'disease',
    malattia: 'disease',
    progresion: 'progression',
    progressione: 'progression',
    infeccion: 'infection',
    infezione: 'infection',
    cardiaca: 'cardiac',
    cardiaco: 'cardiac',
    renal: 'renal',
    hepatico: 'liver',
    menopausia: 'menopausal',
    postmenopausica: 'postmenopausal',
    menopausa: 'menopausal',
    postmenopausa: 'postmenopausal',
    // English clinical shorthand, and words of time that the sources write as "prior"
    mets: 'metastases',
    metas: 'metastases',
    tx: 'treatment',
    trt: 'treatment',
    hx: 'history',
    dx: 'diagnosis',
    chemo: 'chemotherapy',
    quimio: 'chemotherapy',
    chemio: 'chemotherapy',
    rt: 'radiotherapy',
    xrt: 'radiotherapy',
    hb: 'haemoglobin',
    hgb: 'haemoglobin',
    plt: 'platelets',
    plts: 'platelets',
    anc: 'neutrophil',
    neutrofili: 'neutrophil',
    neutrofilos: 'neutrophil',
    crea: 'creatinine',
    bili: 'bilirubin',
    creat: 'creatinine',
    ps: 'ecog',
    smoker: 'smoking',
    smokers: 'smoking',
    fumador: 'smoking',
    fumadores: 'smoking',
    fumatore: 'smoking',
    fumatori: 'smoking',
    before: 'prior',
    previously: 'prior',
    previous: 'prior',
    // a regimen is a line of therapy as criteria count them ("one prior chemotherapy regimen" — "líneas previas")
    regimen: 'line',
    regimens: 'lines',
    previamente: 'prior',
    antes: 'prior',
    gia: 'prior',
    sedes: 'sites',
    paises: 'country',
    pais: 'country',
    paesi: 'country',
    paese: 'country',
    countries: 'country',
    receptores: 'receptor',
    recettori: 'receptor',
    hormonales: 'hormone',
    ormonali: 'hormone',
    acepta: 'allowed',
    aceptan: 'allowed',
    permite: 'allowed',
    permiten: 'allowed',
    accetta: 'allowed',
    accettano: 'allowed',
    ok: 'allowed',
    old: 'age',
    bilirubina: 'bilirubin',
    albumina: 'albumin',
    glucosa: 'glucose',
    glucosio: 'glucose',
    potasio: 'potassium',
    potassio: 'potassium',
    sodio: 'sodium',
    calcio: 'calcium',
    // words of time and treatment the sources write in English ("ya radiadas": previously irradiated)
    ya: 'prior',
    // taken, received: what criteria call prior ("chi ha preso antibiotici" — "prior antibiotics")
    preso: 'prior',
    presa: 'prior',
    presi: 'prior',
    tomado: 'prior',
    tomada: 'prior',
    tomados: 'prior',
    recibido: 'prior',
    recibida: 'prior',
    recibidos: 'prior',
    ricevuto: 'prior',
    ricevuta: 'prior',
    ricevuti: 'prior',
    radiada: 'irradiated',
    radiadas: 'irradiated',
    radiado: 'irradiated',
    radiati: 'irradiated',
    platino: 'platinum',
    platini: 'platinum',
    primera: 'first',
    primer: 'first',
    primo: 'first',
    segunda: 'second',
    seconda: 'second',
    fevi: 'lvef',
    fey: 'lvef',
    recientes: 'recent',
    reciente: 'recent',
    recenti: 'recent',
    recente: 'recent',
    // a wedge resection ("resección en cuña", "resezione cuneiforme"); clearance ("aclaramiento de creatinina")
    cuna: 'wedge',
    cuneiforme: 'wedge',
    aclaramiento: 'clearance',
    // chemotherapy as records abbreviate it ("Contraindication to ChT")
    cht: 'chemotherapy',
    ctx: 'chemotherapy',
    // session 9: words of eligibility the s8 questions wrote in Spanish and Italian where the records write English
    ciclo: 'cycle',
    ciclos: 'cycles',
    cicli: 'cycles',
    // "prima del brigatinib", "prima di entrare": before ("prima linea" is read as first line above)
    prima: 'prior',
    pregresso: 'prior',
    pregressa: 'prior',
    pregressi: 'prior',
    pregresse: 'prior',
    tras: 'after',
    despues: 'after',
    dopo: 'after',
    sin: 'without',
    senza: 'without',
    // a relapse is what records call a recurrence ("nodal recurrence after surgery")
    relapse: 'recurrence',
    relapsed: 'recurrent',
    relapses: 'recurrence',
    recaida: 'recurrence',
    recaidas: 'recurrence',
    recidiva: 'recurrence',
    recidive: 'recurrence',
    recidivante: 'recurrent',
    recurrencia: 'recurrence',
    ricorrenza: 'recurrence',
    ganglionar: 'nodal',
    ganglionares: 'nodal',
    ganglios: 'nodes',
    ganglio: 'node',
    linfonodi: 'nodes',
    linfonodo: 'node',
    linfonodale: 'nodal',
    linfonodali: 'nodal',
    duracion: 'duration',
    durata: 'duration',
    riesgo: 'risk',
    rischio: 'risk',
    alto: 'high',
    alta: 'high',
    bajo: 'low',
    basso: 'low',
    producto: 'product',
    prodotto: 'product',
    prueba: 'test',
    pruebas: 'tests',
    testa: 'test',
    testado: 'tested',
    testato: 'tested',
    dimension: 'size',
    dimensiones: 'size',
    dimensione: 'size',
    dimensioni: 'size',
    tamano: 'size',
    nodulo: 'nodule',
    noduli: 'nodules',
    nodulos: 'nodules',
    pelvico: 'pelvic',
    pelvici: 'pelvic',
    pelvica: 'pelvic',
    pelviche: 'pelvic',
    pelvicos: 'pelvic',
    lesiones: 'lesions',
    lesione: 'lesion',
    lesioni: 'lesions',
    admite: 'allowed',
    admiten: 'allowed',
    ammette: 'allowed',
    accept: 'allowed',
    accepts: 'allowed',
    accepted: 'allowed',
    already: 'prior',
    ammettono: 'allowed',
    ammesse: 'allowed',
    tratado: 'treated',
    tratados: 'treated',
    tratada: 'treated',
    tratadas: 'treated',
    trattato: 'treated',
    trattati: 'treated',
    trattata: 'treated',
    trattate: 'treated',
    inserzione: 'insertion',
    inserzioni: 'insertion',
    insercion: 'insertion',
    inserciones: 'insertion',
    esone: 'exon',
    esoni: 'exon',
    exones: 'exon',
    delecion: 'deletion',
    delezione: 'deletion',
    celula: 'cell',
    celulas: 'cell',
    cellula: 'cell',
    cellule: 'cell',
    clara: 'clear',
    claras: 'clear',
    chiara: 'clear',
    chiare: 'clear',
    tiroides: 'thyroid',
    tiroide: 'thyroid',
    adyuvante: 'adjuvant',
    adiuvante: 'adjuvant',
    neoadyuvante: 'neoadjuvant',
    neoadiuvante: 'neoadjuvant',
    crostacei: 'crustaceans',
    crustaceos: 'crustaceans',
    mariscos: 'shellfish',
    esclude: 'excluded',
    escludono: 'excluded',
    excluye: 'excluded',
    excluyen: 'excluded',
    incluye: 'include',
    incluyen: 'include',
    include: 'include',
    includono: 'include',
    numero: 'number',
    entrar: 'enter',
    entrare: 'enter',
    entrarci: 'enter',
    participar: 'participate',
    partecipare: 'participate',
    differenziazione: 'differentiation',
    diferenciacion: 'differentiation',
    tempo: 'time',
    tiempo: 'time',
    desde: 'since',
    sangue: 'blood',
    sangre: 'blood',
    // conditions, tests and body sites criteria name, which the cognate reading does not reach (checked word by word)
    trasplante: 'transplant',
    trapianto: 'transplant',
    trapianti: 'transplant',
    esteroides: 'steroids',
    esteroide: 'steroids',
    corticoides: 'corticosteroids',
    corticoide: 'corticosteroids',
    autoinmune: 'autoimmune',
    autoinmunes: 'autoimmune',
    vih: 'hiv',
    infarto: 'infarction',
    ictus: 'stroke',
    vacuna: 'vaccine',
    vacunas: 'vaccines',
    vaccino: 'vaccine',
    vaccini: 'vaccines',
    tejido: 'tissue',
    tessuto: 'tissue',
    medible: 'measurable',
    medibles: 'measurable',
    misurabile: 'measurable',
    misurabili: 'measurable',
    sintomatica: 'symptomatic',
    sintomaticas: 'symptomatic',
    sintomatico: 'symptomatic',
    sintomaticos: 'symptomatic',
    sintomatiche: 'symptomatic',
    sintomatici: 'symptomatic',
    asintomatica: 'asymptomatic',
    asintomaticas: 'asymptomatic',
    asintomatico: 'asymptomatic',
    asintomatiche: 'asymptomatic',
    asintomatici: 'asymptomatic',
    estable: 'stable',
    estables: 'stable',
    stabile: 'stable',
    stabili: 'stable',
    anticonceptivo: 'contraception',
    anticonceptivos: 'contraception',
    anticoncepcion: 'contraception',
    contraccezione: 'contraception',
    contraccettivo: 'contraception',
    contraccettivi: 'contraception',
    mujer: 'women',
    mujeres: 'women',
    donna: 'women',
    donne: 'women',
    hombre: 'men',
    hombres: 'men',
    uomo: 'men',
    uomini: 'men',
    semana: 'weeks',
    semanas: 'weeks',
    settimana: 'weeks',
    settimane: 'weeks',
    mes: 'months',
    meses: 'months',
    mese: 'months',
    mesi: 'months',
    dia: 'days',
    dias: 'days',
    giorno: 'days',
    giorni: 'days',
    insuficiencia: 'failure',
    scompenso: 'failure',
    insufficienza: 'failure',
    resecable: 'resectable',
    resecabile: 'resectable',
    irresecable: 'unresectable',
    irresecables: 'unresectable',
    irresecabile: 'unresectable',
    irresecabili: 'unresectable',
    inoperable: 'inoperable',
    inoperabile: 'inoperable',
    escamoso: 'squamous',
    escamosa: 'squamous',
    escamosas: 'squamous',
    squamoso: 'squamous',
    squamosa: 'squamous',
    derrame: 'effusion',
    derrames: 'effusion',
    versamento: 'effusion',
    versamenti: 'effusion',
    pleurico: 'pleural',
    pleurici: 'pleural',
    convulsion: 'seizures',
    convulsiones: 'seizures',
    convulsioni: 'seizures',
    crisis: 'seizures',
    hipertension: 'hypertension',
    alergia: 'allergy',
    alergias: 'allergy',
    hipersensibilidad: 'hypersensitivity',
    ipersensibilita: 'hypersensitivity',
    cistectomia: 'cystectomy',
    reordenamiento: 'rearrangement',
    reordenamientos: 'rearrangement',
    reordenado: 'rearranged',
    riarrangiamento: 'rearrangement',
    riarrangiamenti: 'rearrangement',
    riarrangiato: 'rearranged',
    mutado: 'mutated',
    mutada: 'mutated',
    mutados: 'mutated',
    mutato: 'mutated',
    mutata: 'mutated',
    mutati: 'mutated',
    expresion: 'expression',
    espressione: 'expression',
    anticuerpo: 'antibody',
    anticuerpos: 'antibodies',
    anticorpo: 'antibody',
    anticorpi: 'antibodies',
    inhibidor: 'inhibitor',
    inhibidores: 'inhibitors',
    inibitore: 'inhibitor',
    inibitori: 'inhibitors',
    ensayo: 'trial',
    ensayos: 'trial',
    cerebro: 'brain',
    encefalo: 'brain',
    peso: 'weight',
    linfocitos: 'lymphocytes',
    linfocito: 'lymphocytes',
    linfociti: 'lymphocytes',
    esofago: 'esophagus',
    estomago: 'stomach',
    stomaco: 'stomach',
    vejiga: 'bladder',
    vescica: 'bladder',
    ovaio: 'ovary',
    ovaie: 'ovary',
    ovario: 'ovary',
    ovarios: 'ovary',
    utero: 'uterus',
    piel: 'skin',
    pelle: 'skin',
    cutaneo: 'skin',
    cutanea: 'skin',
    orina: 'urine',
    fertil: 'childbearing',
    fertile: 'childbearing',
    fertiles: 'childbearing',
    fertili: 'childbearing',
    // session 10: words of the s9 questions' kinds, in the three languages (each a general reading, not one question's)
    // tobacco is what records call smoking ("tobacco use within 12 months"); a smoker in Spanish and Italian
    tobacco: 'smoking',
    tabaco: 'smoking',
    tabacco: 'smoking',
    tabaquismo: 'smoking',
    tabagismo: 'smoking',
    // permission as records write it in English ("is permitted", "are permissible")
    permitted: 'allowed',
    permit: 'allowed',
    permits: 'allowed',
    permissible: 'allowed',
    // a response to treatment ("respuesta a quimio", "risposta alla chemio")
    respuesta: 'response',
    respuestas: 'response',
    risposta: 'response',
    risposte: 'response',
    // immunotherapy as clinicians shorten it ("quimio-inmuno", "chemio-immuno")
    inmuno: 'immunotherapy',
    immuno: 'immunotherapy',
    // the chest by its adjective ("radioterapia torácica")
    toracica: 'thoracic',
    toracico: 'thoracic',
    toracicas: 'thoracic',
    toracicos: 'thoracic',
    toracici: 'thoracic',
    toraciche: 'thoracic',
    torax: 'chest',
    torace: 'chest',
    // enlarged lymph nodes ("adenopatías", "adenopatie") as records write them ("lymphadenopathy")
    adenopatia: 'lymphadenopathy',
    adenopatias: 'lymphadenopathy',
    adenopatie: 'lymphadenopathy',
    adenopathy: 'lymphadenopathy',
    adenopathies: 'lymphadenopathy',
    linfadenopatia: 'lymphadenopathy',
    linfadenopatias: 'lymphadenopathy',
    linfadenopatie: 'lymphadenopathy',
    // a CT scan in Spanish and Italian ("TC", "TAC")
    tc: 'ct',
    tac: 'ct',
    // the end of a treatment, from which a time window runs ("desde el fin de la radioterapia"), and a time passed
    fin: 'end',
    final: 'end',
    termino: 'end',
    pasado: 'time',
    pasados: 'time',
    passato: 'time',
    passati: 'time',
    // an ablation in Spanish and Italian
    ablacion: 'ablation',
    ablaciones: 'ablation',
    ablazione: 'ablation',
    ablazioni: 'ablation',
    citologia: 'cytology',
    citologias: 'cytology',
    citologie: 'cytology',
    // words with no English cognate the sources use
    coorte: 'cohort',
    acido: 'acid',
    acidos: 'acid',
    acidi: 'acid',
    suplemento: 'supplement',
    suplementos: 'supplement',
    supplemento: 'supplement',
    supplementi: 'supplement',
    integratore: 'supplement',
    integratori: 'supplement',
    coorti: 'cohorts',
    timoma: 'thymoma',
    timomas: 'thymoma',
    timomi: 'thymoma',
    dolor: 'pain',
    dolore: 'pain',
    sats: 'saturation',
    cortisone: 'corticosteroids',
    cortisona: 'corticosteroids',
    cortisonici: 'corticosteroids',
    anticoagulanti: 'anticoagulants',
    // histologies with no English cognate the reading finds ("cromófobo", "cromofobo")
    cromofobo: 'chromophobe',
    cromofoba: 'chromophobe',
    cromofobos: 'chromophobe',
    cromofobe: 'chromophobe',
    cromofobi: 'chromophobe',
    anticoagulantes: 'anticoagulants',
  }).map(([k, v]) => [k.replace(/_es$/, ''), v]),
);

/**
 * The glossary by Spanish and Italian stem too, so that "embarazadas" finds "embarazada" and "metastasi" "metastasis".
 * Made at the first question, not when the module loads: stemming the glossary costs ~0.3 s of CPU, paid by every
 * process (and every server test file) that loads the assistant, most of which never ask it anything.
 */
let byStem: Map<string, string> | undefined;
const glossaryByStem = () =>
  (byStem ??= new Map<string, string>(
    Object.entries(GLOSSARY).flatMap(([k, v]) => [
      [`es:${stem.es.stem(k)}`, v],
      [`it:${stem.it.stem(k)}`, v],
    ]),
  ));

/**
 * Terms of a source's text, kept: a conversation's sources (a trial's criteria, the list's titles) are the
 * same from one question to the next, and stemming them again each time was most of an answer's time.
 */
const TERMS_CACHE = new Map<string, string[]>();
const TERMS_CACHE_MAX = 50_000;

/** The index terms of a text or question: accents removed, lower case, stop words out, glossary, brands to their generic name, English stem. */
export function terms(text: string): string[] {
  const cached = TERMS_CACHE.get(text);
  if (cached) return cached;
  const out = analyse(text);
  if (TERMS_CACHE.size >= TERMS_CACHE_MAX) TERMS_CACHE.clear();
  TERMS_CACHE.set(text, out);
  return out;
}

const SOURCE_CACHE = new Map<string, string[]>();
/** The index terms of a source's text: as terms(), with the source's own words kept beside what it is read as (KEPT_IN_SOURCES). */
export function sourceTerms(text: string): string[] {
  const cached = SOURCE_CACHE.get(text);
  if (cached) return cached;
  const out = analyse(text, true);
  if (SOURCE_CACHE.size >= TERMS_CACHE_MAX) SOURCE_CACHE.clear();
  SOURCE_CACHE.set(text, out);
  return out;
}

/** Spelled-out names the sources write and questions abbreviate (or the other way round): read as the abbreviation too. */
const PHRASES: Array<[RegExp, string | ((m: string) => string)]> = [
  [/\btumou?r mutation(?:al)? (?:burden|load)\b|\bcarga mutacional\b|\bcarico mutazionale\b/gi, 'tmb'],
  [/\bmicrosatellite (?:instability|instable|stable|stability)\b|\binestabilidad de microsat\w+|\binstabilit[aà] dei microsat\w+/gi, 'msi'],
  [/\bmismatch[- ]repair\b/gi, 'mmr'],
  // the distance of a rectal tumour from the anus, as Spanish and Italian write it
  [/\bmargen anal\b|\bmargine anale\b/gi, 'anal verge'],
  // the central nervous system is where brain metastases are ("CNS metastases", "metástasis del SNC")
  [/\bcns\b|\bcentral nervous system\b|\bsnc\b|\bsistema nervioso central\b|\bsistema nervoso centrale\b/gi, 'brain'],
  [/\bglomerular filtration rate\b|\bfiltrado glomerular\b|\bfiltrato glomerulare\b/gi, 'gfr'],
  [
    /\bcreatinine clearance\b|\baclaramiento (?:de (?:la )?)?creatinina\b|\bclearance (?:(?:della|di|de) (?:la )?)?creatinin[ae]\b|\bcreatinin[ae] clearance\b/gi,
    'crcl',
  ],
  [/\bperformance status\b/gi, 'ecog'],
  // organ function as criteria state it, by its test ("kidney function" — "creatinine clearance ≥ 50 mL/min"): the
  // phrase is read as the test's word alone (REPLACED), so the question's one need is one term, found or not
  [/\b(?:renal|kidney) (?:function|impairment|insufficiency)\b|\bfunci[oó]n renal\b|\bfunzione renale\b/gi, 'creatinine'],
  [/\b(?:liver|hepatic) (?:function|impairment)\b|\bfunci[oó]n hep[aá]tica\b|\bfunzione epatica\b/gi, 'bilirubin'],
  [/\b(?:bone )?marrow function\b|\bblood counts?\b|\bhemograma\b|\bemocromo\b|\bfunci[oó]n medular\b|\bfunzione midollare\b/gi, 'neutrophil'],
  [/\bprogrammed (?:cell )?death[- ]ligand[- ]1\b/gi, 'pd-l1'],
  // lines of therapy as clinicians shorten them ("platinum 1L", "2L", "primera línea")
  [/\b1l\b|\b1st[- ]line\b|\bprimera l[ií]nea\b|\bprima linea\b/gi, 'first line'],
  [/\b2l\b|\b2nd[- ]line\b|\bsegunda l[ií]nea\b|\bseconda linea\b/gi, 'second line'],
  [/\b(?:left ventricular )?ejection fraction\b|\bfracci[oó]n de eyecci[oó]n\b|\bfrazione di eiezione\b/gi, 'lvef'],
  // what a question needs, in phrases ("qué HLA hace falta", "cosa ci vuole")
  // a line of therapy as criteria count it without the word ("progressed to at least one standard systemic anticancer
  // therapy", "failed or are intolerant of at least second-line treatment", "refractory to two prior regimens"): a prior
  // line; not a surgery's or a local treatment's ("progression after surgery or local treatment") (before
  // the limit below, which reads "at least" alone)
  [
    /\b(?:progress\w*|fail\w*|refractory|relapsed|recurr\w*)(?:\s+or\s+(?:are\s+|were\s+)?(?:intolerant|refractory)\s+(?:of|to))?\s+(?:(?:on|to|after|following|with|during)\s+)?(?:at least|no more than|at most|up to)?\s*(?:one|two|three|\d)?\s*(?:(?!surg|local|radi|resect|ablat|transplant)[\w-]+\s+){0,3}?(?:therap(?:y|ies)|regimens?|treatments?)\b/gi,
    (m: string) => `${m} prior line`,
  ],
  // a limit, however written: the question's "mínimo", "cut-off", "al massimo", the record's "≥ 60 mL/min", "up to 3",
  // "1-5", "maximum diameter" are one term (weighing in the ranking, never required: retrieved.ts GENERIC)
  [
    /[<>≤≥]|\bat (?:least|most)\b|\bup to\b|\b(?:less|greater|more|lower|higher|fewer) than\b|\bequal to\b|\bno (?:more|less|greater|fewer) than\b|\b(?:maxim|minim|m[aá]xim|m[ií]nim|massim)\w*|\bmax\b|\bmin\b|\bcut-?offs?\b|\bthresholds?\b|\bumbral\b|\bsoglia\b|\bl[ií]mites?\b|\blimit[ie]?\b|\b\d+(?:[.,]\d+)? ?[-–] ?\d+(?:[.,]\d+)?\b|\b\d+ (?:to|a|al|or|o) \d+\b(?! (?:days?|weeks?|months?|years?|d[ií]as|semanas?|mes(?:es)?|giorni|settimane?|mes[ei])\b)|\bhow many\b|\bcu[aá]nt[oa]s\b|\bquant[ie]\b|\bn[uú]mero (?:de|di|m[aá]ximo)\b/gi,
    'threshold',
  ],
  // a length of time, asked ("how long", "cuánto tiempo", "per quanto tempo", "duración") or stated with its unit ("within
  // 70 days", "up to 24 months", "3 to 9 months", "four weeks"): one term, that ranks the sentence that states one (retrieved.ts GENERIC)
  [
    /\bhow long\b|\bfor how many (?:days|weeks|months|years)\b|\bcu[aá]nto tiempo\b|\bquanto tempo\b|\b(?:duration|duraci[oó]n|durata)\b|\b(?:\d+(?:[.,]\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|twelve)(?: ?(?:[-–]|to|a|or|o) ?\d+(?:[.,]\d+)?)? ?(?:days?|weeks?|months?|years?|d[ií]as|semanas?|mes(?:es)?|giorni|settimane?|mes[ei])\b/gi,
    (m: string) => `${m} duration`,
  ],
  // a washout is the time since a prior treatment that a record states as one ("within 4 weeks (6 weeks in cases of
  // ramucirumab)", "at least 3 weeks since"): the question's word is read as the length of time it asks for
  [/\bwash-?outs?\b(?: (?:period|periodo))?|\b(?:periodo|per[ií]odo) (?:de|di) (?:lavado|wash-?out)\b|\blavado\b/gi, 'duration'],
  // a tyrosine kinase inhibitor as records abbreviate it ("any kind of EGFR TKI")
  [
    /\btyrosine[- ]kinase inhibitors?\b|\binhibidor(?:es)? de (?:la )?tirosina[- ]?(?:cinasa|quinasa)\b|\binibitor[ei] (?:della )?tirosin[- ]?chinasi\w*/gi,
    (m: string) => `${m} tki`,
  ],
  // lung function as criteria state it, by its test ("FEV1 ≥ 1.2L"), read as the test's word alone (as kidney function)
  [
    /\b(?:lung|pulmonary|respiratory) function\b|\bfunci[oó]n (?:pulmonar|respiratoria)\b|\bfunzion(?:e|alit[aà]) (?:polmonare|respiratoria)\b|\bspirometr\w*/gi,
    'fev1',
  ],
  // a size, asked ("how big", "diameter", "dimensioni") or stated with its unit ("≥ 3 cm", "5 mm"): one term
  [/\bhow (?:big|large)\b|\bdi[aá]m[ei]tr[oi]s?\b|\b\d+(?:[.,]\d+)? ?(?:cm|mm)\b/gi, (m: string) => `${m} size`],
  // a TNM stage as records write it ("T3~4aN+M0", "T4bNanyM0", "T2N0M0") and as questions name it ("T/N stage", "TNM")
  [
    /\b[cpy]?T(?:[0-4]|is|x)[a-d]?(?:[~\-–/][0-4][a-d]?)?\s?N(?:[0-3x+]|any)[a-c]?(?:\s?M(?:[01x]|any)[a-c]?)?(?![a-z])|\bc?tnm\b|\bt ?\/ ?n\b/gi,
    (m: string) => `${m} tnm stage`,
  ],
  // white cells however named ("globuli bianchi", "glóbulos blancos", "leukocytes") as records count them ("WBC")
  [/\bwhite (?:blood )?cells?(?: counts?)?\b|\bgl[oó]bulos blancos\b|\bglobuli bianchi\b|\bleu[ck]oc[iy]t\w*/gi, 'wbc'],
  // hepatitis B and C by their letter, which is too short a word to count ("hepatitis B" was read as "hepatitis C"), and
  // by their virus and antigen names ("HBV", "HBsAg", "HCV RNA")
  [/\b(?:hepatitis|epatite|hepatite)\s+[bc]\b|\bhb[sce]?(?:ag|ab)\b|\bhbv\b|\bhcv\b/gi, (m: string) => `${m} ${/c$|hcv/i.test(m) ? 'hcv' : 'hbv'}`],
  // a course of treatment received in the past is a prior one ("second-line or above treatment in the past")
  [/\bin the past\b/gi, (m: string) => `${m} prior`],
  // hormone therapy of prostate cancer as records write it ("androgen deprivation therapy", "ADT"), and as questions do
  [
    /\bandrogen[- ]deprivation(?: therapy)?\b|\badt\b|\bhormono-?terapia\b|\bormono-?terapia\b|\bterapia (?:hormonal|ormonale)\b|\bhormon(?:e|al) therapy\b/gi,
    (m: string) => `${m} adt`,
  ],
  // a transurethral resection of a bladder tumour, as each language shortens it ("TURBT", "RTU", "TURB", "TUR-B")
  [/\btransurethral resection\b|\btur-?bt?\b|\brtu(?:-?v)?\b|\bresecci[oó]n transuretral\b|\bresezione (?:endoscopica )?transuretrale\b/gi, 'turbt'],
  [/\besperanza de vida\b|\baspettativa di vita\b/gi, 'life expectancy'],
  [/\bhace(?:n)? falta\b|\bse necesita(?:n)?\b|\bci vuole\b|\bci vogliono\b|\bc'?e bisogno\b/gi, 'required'],
  // blood pressure however named ("BP", "tensión arterial", "pressione arteriosa") and as records state it ("140/90
  // mmHg", "uncontrolled hypertension"): one term, "bp"; the Spanish and Italian phrase is read as that term alone
  [
    /\bblood pressure\b|\bbp\b|\bmm ?hg\b|\bhypertensi\w*|\bhipertensi\w*|\bipertensi\w*|\bpresi[oó]n (?:arterial|sangu[ií]nea)\b|\btensi[oó]n arterial\b|\bpressione (?:arteriosa|sanguigna)\b/gi,
    (m: string) => (/^bp$/i.test(m) ? m : /^(?:blood|mm|hyp|hip|ip)/i.test(m) ? `${m} bp` : 'bp'),
  ],
  // radiation as records write it ("radiation therapy", "prior thoracic radiation", "irradiation") and as questions do
  // ("radiotherapy", "radioterapia"): one term; chemoradiation is both a chemotherapy and a radiotherapy
  [/\bradiation\b|\birradiation\b|\bradiotherap\w*/gi, (m: string) => `${m} radiotherapy`],
  [
    /\bchemo-?radi\w*|\bradio-?chemo\w*|\bquimio-?rradi\w*|\bradio-?quimio\w*|\bchemio-?radi\w*|\bradio-?chemio\w*|\bchemo-?rt\b|\bcrt\b/gi,
    (m: string) => `${m} chemotherapy radiotherapy`,
  ],
  // a response to treatment as records state it ("achieved a CR or PR", "objective response"): the word "response"
  [/\b(?:CR|PR|SD)(?:\s*(?:,|\/|or|and)\s*(?:CR|PR|SD))+\b|\bORR\b/g, (m: string) => `${m} response`],
  // an immune checkpoint inhibitor as records and clinicians shorten it ("chemo plus CPI", "chemo-IO", "ICI")
  [/\bCPIs?\b|\bICIs?\b|\bIO\b|\bcheckpoint inhibitors?\b/g, (m: string) => `${m} immunotherapy`],
  // a gene's wild type, glued to its name ("TP53WT", "KRASwt") or written out ("wild type", "salvaje", "selvaggio",
  // "no mutado"): the gene and one term "wildtype"
  [/\b([A-Z][A-Z0-9]{1,7})(?:WT|wt)\b/g, (m: string) => `${m.replace(/wt$/i, '')} wildtype`],
  // (and "nativo", as Spanish and Italian clinicians write a wild-type gene: "RAS nativo", "KRAS nativo")
  [/\bwild[- ]?types?\b|\bwt\b|\bsalvajes?\b|\bselvaggi[oa]\b|\bno mutad[oa]s?\b|\bnon mutat[oaie]\b|\bnativ[oaie]s?\b/gi, 'wildtype'],
  // a T or N category alone, as records write it ("rT4 or rT3", "cN2"), and as questions ask it ("che T", "what T
  // stage", "estadio N"): the stage terms of a TNM formula
  // (and the stages below T1 that bladder records write, "pTa", "Tis", "CIS")
  [/\b[cpyr]?[TN][0-4][a-d]?\b(?!-)|\b[cpyr]?T(?:a|is)\b(?!-)/g, (m: string) => `${m} tnm stage`],
  [
    /\b(?:what|which|qu[eé]|cu[aá]l|che|quale)\s+[TN]\b|\b[TN][- ]?(?:stage|category|categor[ií]a|stadio)\b|\b(?:stage|estadio|stadio)\s+[TN]\b/g,
    ' tnm stage ',
  ],
  // how recent a treatment may be, which criteria state as a window ("completed within the last 14 days")
  [/\bhow (?:recent(?:ly)?|long ago)\b|\bhace cu[aá]nto\b|\bda quanto\b/gi, 'duration'],
  // treatments of a liver tumour given in the liver itself, which records call locoregional ("No prior locoregional
  // therapy for HCC"): chemo- or radioembolisation, ablation
  [
    /\bTA[CR]E\b|\bSIRT\b|\bRFA\b|\bMWA\b|\bablat\w*|\bablaci[oó]n\w*|\bablazion\w*|\bchemo-?emboli[sz]\w*|\bquimio-?emboliz\w*|\bchemio-?embolizz\w*|\bradio-?emboli[sz]\w*|\bradio-?emboliz\w*/gi,
    (m: string) => `${m} locoregional`,
  ],
  // kidney function as records state it by its test ("GFR >= 60 mL/min", "CrCl ≥ 50"): the test's word and creatinine, which
  // "kidney function" is read as above
  // (case tells eGFR, the filtration rate, from EGFR, the gene)
  [/\beGFR\b|\b[Gg][Ff][Rr]\b|\b[Cc][Rr][Cc][Ll]\b/g, (m: string) => `${m} creatinine`],
  // a checkpoint inhibitor named by its target ("prior PD-1/PD-L1 inhibitors", "anti-PD-1 antibody", "CTLA-4 blockade"): an immunotherapy
  [
    /\b(?:anti-?)?(?:pd-?1|pd-?l1|ctla-?4)(?:\s*\/\s*(?:pd-?l1|pd-?l2|ctla-?4))?\s*(?:\(\w+\)\s*)?(?:inhibitors?|antibod\w+|blockade|blockers?|therapy|agents?|inibitor[ei]|inhibidor(?:es)?)\b|\banti[- ]?(?:pd-?1|pd-?l1|ctla-?4)\b/gi,
    (m: string) => `${m} immunotherapy`,
  ],
  // a cohort, part or arm by its number or letter ("Cohort 6:", "cohorte 6", "coorte B"): one term for that cohort
  [/\b(?:cohorts?|cohortes?|coortes?|coorti)\s+(\d{1,2}|[A-H])\b/gi, (m: string) => `${m} cohort${m.replace(/^.*\s/, '').toLowerCase()}`],
  // a dose as records state it, a number with its unit ("40Gy/20f", "200mg", "5 mg/kg", "AUC 5"), and as questions ask it
  // ("dosis", "dosi", "dosaggio"): the word dose beside it
  [/\b\d+(?:[.,]\d+)?\s?(?:gy|mg(?:\/m2|\/kg)?|mcg|µg)(?![a-z])|\bauc\s?\d|\bdosis\b|\bdosi\b|\bdosaggi\w*|\bdosage\b/gi, (m: string) => `${m} dose`],
  // performance status as records also write it ("WHO physical status score", "Karnofsky", "KPS")
  [/\bphysical status\b|\bwho (?:ps|status)\b|\bkarnofsky\b|\bkps\b|\bestado funcional\b|\bstato funzionale\b/gi, (m: string) => `${m} ecog`],
];

/** Phrases read as one word alone (organ function by its test; phrases of need, whose words mean other things alone: "falta" is missing). */
const REPLACED = new Set([
  'creatinine',
  'bilirubin',
  'neutrophil',
  'required',
  'threshold',
  'life expectancy',
  'turbt',
  'fev1',
  'wbc',
  'wildtype',
  'duration',
  'first line',
  'second line',
  'anal verge',
]);

/**
 * An inhibitor written by its target: "PARPi", "CDK4/6i" (English records) and "iPARP", "iCDK4/6" (Spanish and
 * Italian shorthand) are the target's inhibitor, read as "PARP inhibitor" on both sides. Case tells the letter
 * "i" from the name (as typed: "iparp" in lower case is not read so).
 */
const INHIBITOR_SHORTHAND = /\bi([A-Z][A-Z0-9]{1,7}(?:\/\d+)?)(?![\w/])|\b([A-Z][A-Z0-9]{1,7}(?:\/\d+)?)i\b/g;

/**
 * A prefix of number, size, place or negation ("oligometastases", "micrometastases", "paraaortic", "nonsmokers"): the word
 * is also read without it, as a word of its own ("paraaórticas" → aortic, "nonsmokers" → smokers).
 */
const PREFIXED = /^(?:oligo|micro|macro|multi|poly|para|peri|retro|intra|extra|supra|infra|non)(?=[a-z]{5,})/;
/** British spellings as American records write them ("tumour" tumor, "haemoglobin" hemoglobin, "oesophagus"), on both sides. */
const american = (word: string) =>
  word
    .replace(/(?<=[a-z]{2})our(s?)$/, 'or$1')
    .replace(/(?<=[a-z])ae|^ae(?=m)/g, 'e')
    .replace(/(?<=^|[a-z])oe(?=s|d)/g, 'e');
/**
 * English stems of one family that the stemmer leaves apart ("surgical" surgic, "surgery" surgeri; "responders"; "smokers"; "metastatic" metastat, "metastasis" metastasi, "metastases"
 * metastas; "nodes" node, "nodal"; "pelvis" pelvi, "pelvic"); a nodule is a lesion as criteria count them ("nódulo di HCC").
 */
const FAMILIES: Record<string, string> = {
  node: 'nodal',
  pelvic: 'pelvi',
  nodul: 'lesion',
  surgic: 'surgeri',
  respond: 'respons',
  smoker: 'smoke',
  // "one prior systemic chemotherapeutic regimen" is a chemotherapy
  chemotherapeut: 'chemotherapi',
  // "the rectum", "rectal carcinoma involving middle or lower third rectum"
  rectum: 'rectal',
};
const family = (stemmed: string) => (stemmed.startsWith('metasta') ? 'metastas' : (FAMILIES[stemmed] ?? stemmed));

/**
 * A token's parts as terms: words joined by a hyphen are read apart ("anti-PD1", "non-small"), a number or a short
 * alphanumeric part stays with the name before it ("PD-1" = "PD1", "PD-L1" = "PDL1"), on both sides; names joined by
 * a slash or a plus ("pd1/pdl1", "carbo/pem", "Cryoablation+Ipilimumab+Nivolumab") are read apart when each part is a
 * name, not "cdk4/6" or "3/4".
 */
function parts(token: string): string[] {
  const dehyphened = token.includes('-') ? token.split(/-(?![0-9]|[a-z][0-9]\b)/).flatMap((x) => [x.replace(/-/g, ''), ...named(x)]) : [token];
  // a prefix written with a hyphen ("anti-coagulants", "pre-treated", "non-smokers") is also the word written whole
  if (/^(?:anti|pre|post|co|re|sub|semi|neo|peri|para|intra|extra)-[a-z]{4,}$/.test(token)) dehyphened.push(token.replace('-', ''));
  return dehyphened.flatMap((x) => {
    const slashed = x.split(/[/+]/);
    return slashed.length > 1 && slashed.every((y) => /[a-z]/.test(y) && y.length >= 2) ? slashed : [x];
  });
}

/** A name of four letters or more joined to a number ("COVID-19", "CTLA-4"): the name is also read alone ("covid vaccine"). */
const named = (x: string) => (/^[a-z]{4,}-\d+$/.test(x) ? [x.replace(/-\d+$/, '')] : []);
/** A name with its mass number glued before it ("166Holmium microspheres"): the name is also read alone. */
const massNumbered = (x: string) => (/^\d+[a-z]{4,}$/.test(x) ? [x.replace(/^\d+/, '')] : []);

/**
 * English words of the records that a Spanish or Italian stem of the glossary would misread ("informed consent" is no
 * "report allowed": informe, consentito; "criteria are met" no metastases; "FEV1" no LVEF): read as themselves.
 */
const ENGLISH_AS_WRITTEN = new Set(['consent', 'consents', 'consented', 'informed', 'inform', 'met', 'fev']);

/** A word read: the glossary's English word, a brand's generic name, the glossary by Spanish or Italian stem, else itself. */
function wordOf(raw: string): string {
  if (ENGLISH_AS_WRITTEN.has(raw)) return raw;
  const generic = raw.length >= 5 && !/^\d/.test(raw) ? normalizeDrug(raw) : undefined;
  return (
    GLOSSARY[raw] ??
    (generic && !generic.includes(' ') ? generic : undefined) ??
    glossaryByStem().get(`es:${stem.es.stem(raw)}`) ??
    glossaryByStem().get(`it:${stem.it.stem(raw)}`) ??
    raw
  );
}
const termOf = (word: string) => (/\d/.test(word) ? word : family(stem.en.stem(american(word))));

/**
 * Organ function read as its test (PHRASES): a question's "kidney function" is the one term "creatinine", but a source's
 * "renal impairment (GFR<30 ml/min)" keeps its own words beside it, so that "renal cutoff" still finds it.
 */
const KEPT_IN_SOURCES = new Set(['creatinine', 'bilirubin', 'neutrophil', 'fev1']);

function analyse(text: string, source = false): string[] {
  const out: string[] = [];
  text = text.replace(INHIBITOR_SHORTHAND, (_m, a, b) => ` ${a ?? b} inhibitor `);
  for (const [re, abbreviation] of PHRASES)
    text = text.replace(re, (m) =>
      typeof abbreviation === 'function'
        ? ` ${abbreviation(m)} `
        : REPLACED.has(abbreviation) && !(source && KEPT_IN_SOURCES.has(abbreviation))
          ? ` ${abbreviation} `
          : `${m} ${abbreviation}`,
    );
  for (const token of plain(text)
    .toLowerCase()
    .match(/[a-z0-9][a-z0-9/+-]*[a-z0-9+]|[a-z0-9]/g) ?? []) {
    // "T790M+", "HER2+": the marker's name; "3+" (an IHC score) stays as written
    const whole = /[a-z]/.test(token) ? token.replace(/\+$/, '') : token;
    for (const raw of [...parts(whole), ...massNumbered(whole)]) {
      if (STOP.has(raw) || raw.length < 2) continue;
      // a brand or code name is the drug's generic name ("Avastin" in a record, "bevacizumab" in the question)
      const word = wordOf(raw);
      out.push(termOf(word));
      if (PREFIXED.test(word)) out.push(termOf(wordOf(word.replace(PREFIXED, ''))));
    }
  }
  return out;
}

export interface Ranked {
  passage: Passage;
  score: number;
  /** Question terms the passage holds. */
  matched: string[];
}

/** English-like forms of a Spanish or Italian word, stemmed in English: tried as cognates after its own stems. */
const spellings = (word: string): string[] => englishSpellings(word).map((f) => stem.en.stem(f));

/**
 * A Spanish or Italian word the glossary does not hold, read as the English word of the sources it is a cognate of:
 * its Spanish or Italian stem, or an English spelling of it, is the English stem of a word in the sources, or its
 * start ("antibióticos" → antibiot = "antibiotics", "gastrici" → gastric, "positivi" → posit, "epatite" → hepat =
 * "hepatitis"). Only for a word the sources do not hold as such.
 */
function cognate(word: string, vocabulary: Set<string>, negated = false): string | undefined {
  const stems = [stem.es.stem(word), stem.it.stem(word), ...spellings(word)];
  // after "non"/"no" the English word carries the negation itself ("non controllata" → uncontrolled, "no tratadas" → untreated)
  for (const c of new Set(negated ? stems.flatMap((x) => [`un${x}`, x]) : stems)) {
    if (c.length < 5) continue;
    if (vocabulary.has(c)) return c;
    let best: string | undefined;
    for (const v of vocabulary)
      if ((v.startsWith(c) || (v.length >= 5 && c.startsWith(v))) && /^[a-z]+$/.test(v) && (!best || v.length < best.length)) best = v;
    if (best) return best;
  }
  return undefined;
}

/** Letters of the words of a text, for reading an abbreviation off its initials ("non-small cell lung cancer"). */
const wordsOf = (text: string) =>
  plain(text)
    .toLowerCase()
    .match(/[a-z][a-z0-9]*/g) ?? [];

/**
 * An abbreviation the sources do not write, read as the words they write whose initials spell it ("mtc" where
 * the record says "medullary thyroid cancer", "lvef", "tmb"): the expansion is the sources' own, so an
 * abbreviation they do not spell out stays unknown.
 */
function expansion(abbreviation: string, passages: Passage[]): string | undefined {
  const n = abbreviation.length;
  for (const p of passages) {
    const w = wordsOf(p.text).filter((x) => !STOP.has(x) || x.length > 3);
    for (let i = 0; i + n <= w.length; i++) {
      let ok = true;
      for (let k = 0; k < n && ok; k++) ok = w[i + k][0] === abbreviation[k] && w[i + k].length > 1;
      if (ok) return w.slice(i, i + n).join(' ');
    }
  }
  return undefined;
}

/** An Italian or Spanish article or preposition elided before a word ("l'", "dell'", "all'", "un'", "d'"). */
const ELIDED = /\b((?:l|dell|dall|nell|sull|all|coll|un|d|quell|quest|c|n)['’])(?=\p{L})/giu;

/**
 * The question's terms, each read against the sources: a word they do not hold is read as its cognate or, for a
 * short one, as the words whose initials it is.
 */
export function questionTerms(original: string, passages: Passage[], vocabulary: Set<string>): string[] {
  const question = withGenericNames(original, vocabulary);
  // the whole question first: its phrases ("hace falta", "kidney function") are read as such
  const out = [...new Set(terms(question))];
  // a name joined to its number ("olmio-166", "covid-19") is read as the name
  // an article or preposition elided onto the word ("l'antiandrogeno", "dell'ipilimumab", "d'esordio") is a word apart
  const words = question
    .replace(ELIDED, '$1 ')
    .split(/\s+/)
    .map((w) => w.replace(/^(\p{L}{4,})-\d+\W*$/u, '$1'));
  for (const [i, word] of words.entries()) {
    let own = terms(word);
    // the word's letters (accents and punctuation dropped); a word with a digit ("pd1", "2L") is never read so
    let raw = plain(word)
      .toLowerCase()
      .replace(/[^a-z]/g, '');
    // a word read with and without its prefix ("paraaórticas"), which the sources do not hold as written: its stem
    // without the prefix is read as a cognate ("aórticas" → aortic)
    if (own.length === 2 && PREFIXED.test(raw) && !vocabulary.has(own[0])) {
      const at = out.indexOf(own[0]);
      if (at >= 0) out.splice(at, 1);
      raw = raw.replace(PREFIXED, '');
      own = [own[1]];
    }
    if (own.length !== 1 || vocabulary.has(own[0]) || !out.includes(own[0]) || !raw || /[0-9]/.test(word)) continue;
    const read = raw.length >= 5 ? [cognate(raw, vocabulary, /^(?:non|no)$/i.test(words[i - 1] ?? ''))].filter((x): x is string => !!x) : [];
    const spelled = !read.length && raw.length >= 2 && raw.length <= 5 && !isCommonWord(raw) ? expansion(raw, passages) : undefined;
    const instead = read.length ? read : spelled ? terms(spelled) : [];
    if (instead.length) out.splice(out.indexOf(own[0]), 1, ...instead.filter((x) => !out.includes(x)));
  }
  return out;
}

/** Drugs as clinicians shorten them (the language reader's lexicon: "carbo", "etop", "atezo", "nivo", "cabo"), by case as written there. */
const DRUG_SHORT = DRUG_SHORTHAND.map(
  ([src, names]) => [new RegExp(`(?<![A-Za-z0-9])(?:${src})(?![A-Za-z0-9])`, shorthandIgnoresCase(src) ? 'gi' : 'g'), names] as const,
);

/**
 * The question with the drugs it shortens written by their generic names ("carbo etop atezo" → "carboplatin etoposide
 * atezolizumab"), when the sources do not hold the shorthand as a word of their own: a record states the drug by its
 * name, or by its class (byDrugClass).
 */
function withGenericNames(question: string, vocabulary: Set<string>): string {
  let out = question;
  for (const [re, names] of DRUG_SHORT)
    out = out.replace(re, (m) => {
      const own = terms(m);
      return own.length === 1 && vocabulary.has(own[0]) ? m : names.join(' ');
    });
  return out;
}

/** "brain metastasis (BM)": a long form and the abbreviation in brackets whose letters are its words' initials. */
const DEFINED = /((?:[A-Za-z][\w-]*[\s-]+){1,6})\(([A-Z][A-Za-z0-9]{1,5})\)/g;

/**
 * Abbreviations the sources define ("... a brain metastasis (BM) ..."), by their lower-case form → the terms of
 * their long form: a passage that writes only "Single BM (maximum diameter of 3 cm)" is about brain metastases.
 */
function definedAbbreviations(passages: Passage[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const p of passages) {
    if (!p.text.includes('(')) continue;
    for (const m of p.text.matchAll(DEFINED)) {
      const letters = m[2].replace(/[^A-Za-z]/g, '').toLowerCase();
      const words = m[1]
        .trim()
        .split(/[\s-]+/)
        .slice(-letters.length);
      if (letters.length < 2 || words.length !== letters.length || words.some((w, i) => w[0].toLowerCase() !== letters[i])) continue;
      out.set(m[2].toLowerCase(), terms(words.join(' ')));
    }
  }
  return out;
}

/**
 * A drug the sources do not name, read as its class where one sentence names the class ("osimertinib" where the
 * record says "any kind of EGFR TKI"): the terms of the drug's most specific class label that one passage holds
 * together (two at least, so that "EGFR" alone in a sentence on mutations is not read as the drug).
 */
function byDrugClass(queryTerms: string[], analysed: string[][], vocabulary: Set<string>): string[] {
  const out: string[] = [];
  for (const t of queryTerms) {
    const generic = vocabulary.has(t) || /\d/.test(t) || t.length < 5 ? undefined : normalizeDrug(t);
    const classTerms = generic ? classTermsIn(generic, analysed) : [];
    out.push(...(classTerms.length ? classTerms.filter((x) => !out.includes(x)) : [t]));
  }
  return out;
}
function classTermsIn(drug: string, analysed: string[][]): string[] {
  for (const c of drugClasses(drug)) {
    const label = drugClassLabel(c);
    if (!label) continue;
    const all = terms(label);
    const wanted = new Set(all.filter((x) => x !== 'inhibitor'));
    for (const a of analysed) {
      const held = [...wanted].filter((x) => a.includes(x));
      if (held.length >= 2) return held;
      // a class of one name and "inhibitor" ("mTOR inhibitor"): the name with the word inhibitor in the same sentence
      if (wanted.size === 1 && held.length === 1 && all.includes('inhibitor') && a.includes('inhibitor') && held[0].length >= 3) return [...held, 'inhibitor'];
    }
  }
  return [];
}

/**
 * Drug classes named in two words or more ("aromatase inhibitor", "inhibidor de la aromatasa", "inibitore dell'aromatasi"),
 * by the terms of each of their names, with their drugs' terms.
 */
let CLASS_MEMBERS: Array<{ names: string[][]; drugs: string[][] }> | null = null;
function classMembers(): NonNullable<typeof CLASS_MEMBERS> {
  CLASS_MEMBERS ??= Object.entries(DRUG_CLASS_NAMES)
    .map(([key, n]) => ({
      names: [n.en, n.es, n.it].map((x) => [...new Set(terms(x.replace(ELIDED, '$1 ')))]),
      drugs: Object.keys(DRUGS)
        .filter((d) => DRUGS[d].classes.includes(key))
        .map((d) => terms(d)),
    }))
    .filter((c) => c.names[0].length >= 2 && c.drugs.length);
  return CLASS_MEMBERS;
}

/**
 * A drug class the question names, in any of its three languages, read as the class's drugs that the sources name
 * ("quali inibitori dell'aromatasi ammette" where the record says "AI therapy (letrozole, exemestane, or
 * anastrozole)"): the reverse of byDrugClass. A class of one word ("chemotherapy") is not read so: it would stand for
 * every drug a record names.
 */
function withClassDrugs(question: string, queryTerms: string[], vocabulary: Set<string>): string[] {
  let out = [...queryTerms];
  const asked = new Set([...queryTerms, ...terms(question.replace(ELIDED, '$1 '))]);
  for (const c of classMembers()) {
    const name = c.names.find((n) => n.every((t) => asked.has(t)));
    if (!name) continue;
    const held = c.drugs.filter((d) => d.length === 1 && vocabulary.has(d[0])).map((d) => d[0]);
    if (!held.length) continue;
    out.push(...held.filter((d) => !out.includes(d)));
    // (the words of the class's name that the sources do not write stood for these drugs: they are not asked apart)
    out = out.filter((t) => vocabulary.has(t) || !name.includes(t));
  }
  return out;
}

/** The passages ranked against the question; `coverage` is the share of the question's terms found in the best ones. */
/**
 * What a ranking knows of the trial asked about: the terms that name it (its titles, conditions, interventions), and
 * the words that only say how a question asks. A question that names a trial by what it is ("the ATC nivo lenva
 * study") and asks something else of it ("life expectancy") is ranked on what it asks: the naming terms weigh less.
 */
export interface RankOptions {
  /** The question's terms that call the trial by what it is, given how a text's words are read against these sources. */
  identity?: (questionTermsOf: (text: string) => string[]) => Set<string>;
  generic?: Set<string>;
}
/** How much a term that only names the trial asked about weighs against one the question asks about. */
const IDENTITY_WEIGHT = 0.25;

export function rank(question: string, passages: Passage[], limit = 6, opts: RankOptions = {}): { ranked: Ranked[]; coverage: number; queryTerms: string[] } {
  const defined = definedAbbreviations(passages);
  const analysed = passages.map((p) => {
    const own = sourceTerms(p.text);
    const more = defined.size ? own.flatMap((t) => defined.get(t) ?? []) : [];
    return more.length ? [...own, ...more] : own;
  });
  const vocabulary = new Set(analysed.flat());
  const queryTerms = withClassDrugs(question, byDrugClass(questionTerms(question, passages, vocabulary), analysed, vocabulary), vocabulary);
  if (!queryTerms.length || !passages.length) return { ranked: [], coverage: 0, queryTerms };
  const index = new MiniSearch<Passage>({
    fields: ['text'],
    storeFields: [],
    idField: 'id',
    // the terms are already analysed: MiniSearch splits on spaces only
    tokenize: (s) => s.split(' '),
    processTerm: (t) => t || null,
  });
  const byId = new Map(passages.map((p) => [p.id, p]));
  index.addAll(passages.map((p, i) => ({ ...p, text: analysed[i].join(' ') })));
  const identity = opts.identity?.((text) => byDrugClass(questionTerms(text, passages, vocabulary), analysed, vocabulary));
  const naming = identity?.size && queryTerms.some((t) => !identity.has(t) && !opts.generic?.has(t)) ? identity : undefined;
  const hits = index.search(queryTerms.join(' '), {
    combineWith: 'OR',
    boostDocument: (id) => byId.get(id as string)?.boost ?? 1,
    ...(naming ? { boostTerm: (term: string) => (naming.has(term) ? IDENTITY_WEIGHT : 1) } : {}),
  });
  const ranked = hits.slice(0, limit).map((h) => ({ passage: byId.get(h.id as string)!, score: h.score, matched: [...new Set(h.queryTerms)] }));
  const found = new Set(ranked.flatMap((r) => r.matched));
  return { ranked, coverage: found.size / queryTerms.length, queryTerms };
}
