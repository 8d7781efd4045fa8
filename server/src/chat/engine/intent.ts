/**
 * What a question asks, in English, Spanish or Italian: the kind of answer and the trial ids it names
 * (the answers read genes, drugs and tests from the question themselves). Patterns, not a model: the embedded engine must answer the same
 * way every time and say "I can't answer that" rather than guess at a question it does not recognise.
 */
export type Intent =
  | 'why_match'
  | 'criteria'
  | 'sites'
  | 'arms'
  | 'phase'
  | 'sponsor'
  | 'trials_targeting'
  | 'guideline'
  | 'evidence'
  | 'missing'
  | 'changed'
  | 'report'
  | 'patient'
  | 'about'
  | 'age'
  | 'design'
  | 'unknown';

export interface ParsedQuestion {
  intent: Intent;
  /** inclusion / exclusion when the question says which. */
  polarity?: 'inclusion' | 'exclusion';
  nctIds: string[];
}

const P = (re: RegExp) => re;
/** One pattern of several: the first one's alternatives, then the others'. */
const joined = (...res: RegExp[]) => new RegExp(res.map((r) => r.source).join('|'), 'i');
/**
 * Whether the patient can join a trial, however it is put: a word of possibility, up to three words, a verb of
 * joining ("could she go on", "can my pt get into", "¿mi paciente puede entrar en", "il paziente potrebbe
 * entrarci", "può partecipare"); or a trial asked about "for" the patient ("NCT… for this pt?").
 */
const JOIN =
  /\b(?:can|could|may|might|would|puede|pueden|podr[ií]a\w*|pu[oò]|possono|potrebbe\w*)\b(?: [\w']+){0,3} (?:go (?:on|in|into)|get (?:on|in|into)|enter\w*|join|enrol\w*|participate|take part|be (?:enrolled|included|eligible)|entrar\w*|ingresar\w*|participar\w*|ser incluid\w*|entrare|entrarci|partecipar\w*|essere (?:arruolat|inclus)\w*|accedere|accederci)\b|\bNCT\d{8}\b.{0,20}\b(?:for|para|per) (?:this |my |our |the |este |mi |el |la |esta |questo |questa |il |mio |mia )?(?:pt|patient|paciente|paziente|her|him)\b|\b(?:for|para|per) (?:this |my |our |este |mi |esta |questo |questa |mio |mia )(?:pt|patient|paciente|paziente)\b.{0,20}\bNCT\d{8}\b/i;
// one pattern per intent, the three languages side by side; order below decides between overlaps
const PATTERNS: Array<[Intent, RegExp]> = [
  ['changed', P(/\b(?:what|qu[eé]|cosa)\b.{0,30}\b(?:chang|cambi)\w*|\bchanges? (?:since|after)|\bdiferencias?\b|\bnovit[aà]\b/i)],
  ['missing', P(/\bmissing\b|\bunknown\b|\bfalta\w*|\bdesconocid\w*|\bmanca\w*|\bsconosciut\w*|\bwhat (?:data|information)\b.{0,40}\b(?:need|decide)|\bqu[eé] datos\b|\bquali dati\b|\bdatos? (?:que )?faltan|\b(?:test|order|check) next\b|\b(?:test|esami|analisi) successiv\w*|\b(?:siguientes|proximas) pruebas\b|\bpruebas (?:siguientes|pendientes)\b|\bnext (?:test|step)s?\b|\bwhat (?:else )?should (?:i|we) (?:test|order|check|ask|investigate|work up)\b|\bdeber[ií]a (?:pedir|solicitar|analizar|testar|estudiar)\b|\bqu[eé] (?:m[aá]s )?(?:le |les )?(?:pido|pedir|pedimos|solicito|solicitamos|analizo)\b|\b(?:dovre\w*|devo|dobbiamo|deve) (?:ancora )?(?:testare|richiedere|chiedere|analizzare|ordinare|approfondire|indagare)\b|\bdeber\w* (?:pedir|solicitar|analizar|testar|hacer|estudiar)\b|\bcosa (?:altro )?(?:testare|richiedere)\b|\bshould (?:be )?(?:tested|ordered|checked|requested)\b|\b(?:what|which) (?:else )?(?:tests?|work-?up)\b|\bcosa (?:altro )?(?:gli |le )?(?:chiedo|richiedo|testo|devo (?:chiedere|richiedere|testare))\b|\bquali (?:test|esami|analisi)\b|\bqu[eé] (?:m[aá]s )?(?:pruebas|tests?|an[aá]lisis)\b/i)],
  // a trial's design and allocation ("randomized or single arm?", "¿es aleatorizado?", "è in doppio cieco"): before the arms, whose word it shares
  ['design', P(/\brandomi[sz]\w*|\baleatori\w*|\brandomizad\w*|\brandomizzat\w*|\bsingle[- ]arm\b|\bone[- ]arm\b|\bun solo brazo\b|\bbrazo unico\b|\bbraccio (?:singolo|unico)\b|\bsingolo braccio\b|\bopen[- ]label\b|\bblind\w*|\bciego\b|\bcieco\b|\bplacebo\b|\bdesign\b|\bdiseno\b|\bdisegno\b|\ballocation\b|\bmasking\b|\bcross-?over\b|\bin aperto\b|\bcontrol (?:arm|group)\b|\bcomparator\b|\bhow many arms\b|\b(?:brazo|grupo) (?:de )?control\b|\bbraccio di controllo\b|\bcuantos brazos\b|\bquanti bracci\b|\bdose[- ]escalation\b|\bescalada de dosis\b|\bescalation\b/i)],
  // age limits of a trial, or the patient's age (the index decides which by whether a trial is named or in focus)
  ['age', P(/\bage[sd]?\b|\bhow old\b|\byears old\b|\bolder\b|\belderly\b|\bedad\w*|\beta\b|\banni\b|\bmayores\b|\bancian\w*|\banzian\w*/i)],
  ['criteria', P(/\b(?:inclusions?|exclusions?|eligibility)\b|\b(?:in|es)clusion[ei]\b|\bwho (?:is|are) eligible\b|\bwho qualifies\b|\bwho is (?:NCT\d{8} |it |this (?:trial|study) |the (?:trial|study) )?(?:meant |intended |designed )?for\b|\bpara qui[eé]n (?:es|est[aá] pensado)\b|\bper chi [eè]\b|\ba chi si rivolge\b|\ba qui[eé]n (?:va dirigido|se dirige)\b|\bwho (?:can|could) be (?:enrolled|included|recruited)\b|\bchi (?:pu[oò]|possono) essere (?:arruolat|inclus|ammess)\w*|\bqui[eé]n(?:es)? (?:puede|pueden) ser (?:incluid|reclutad|admitid)\w*|\b(?:in|ex)clusiones\b|\bincl\b|\bexcl\b|\brules? (?:\w+ ){0,2}out\b|\bruled out\b|\b(?:who|which patients?|qui[eé]n(?:es)?|qu[eé] pacientes|chi|quali pazienti) (?:(?:can't|cannot|can not|is not|isn't|are not|aren't|no pued\w*|no es|no son|non (?:pu[oò]|possono|[eè]|sono)) )(?:go|get|enrol\w*|enter|join|be|participate|take part|entrar|participar|ir|elegibles?|entrare|partecipare|eleggibil\w*)\b|\bexclud\w*|\bqueda(?:n)? fuera\b|\b(?:resta|restano|rimane|rimangono|sta|stanno) fuori\b|\bleft out\b|\bexclu[iy]\w*|\bexcluid\w*|\bescluso\b|\besclus[ie]\b|\bwho can (?:enrol\w*|join|participate|take part)\b|\bqui[eé]n (?:puede|pueden) (?:entrar|participar)\b|\bchi (?:pu[oò]|possono) (?:entrare|partecipare)\b|\brequisiti per\b|\bcosa serve per\b|\bque (?:hace falta|se necesita) para\b|\bwhat(?:'s| is) needed (?:for|to)\b|\b(?:cannot|can't|can not) (?:take part|join|enrol\w*|participate)\b|\bno pued\w* (?:participar|entrar)\b|\bnon poss\w* (?:partecipare|entrare)\b|\bcriteri[ao]s?\b|\brequisit\w*|\belegibilidad\b|\beleggibilit[aà]\b|\binclusi[oó]n\b|\bexclusi[oó]n\b|\besclusione\b|\binclusione\b/i)],
  ['why_match', P(joined(/\bwhy\b|\bwhat (?:blocks|prevents|stops|keeps|excludes) (?:her|him|them|the patient|this patient)\b|\bqu[eé] (?:le )?(?:impide|bloquea|excluye)\b|\bcosa (?:le |gli |lo |la )?(?:impedisce|blocca|esclude)\b|\bfits?\b|\bsuitable\b|\bsuits?\b|\badatt[oa]\b|\bva bene per\b|\bsirve para\b|\badecuad[oa]\b|\bpor ?qu[eé]\b|\bperch[eé]\b|\bdoes(?:n't| not)? (?:\w+ ){0,3}(?:match|qualify)|\bis (?:the patient|she|he) eligible\b|\bes (?:el|la) paciente (?:candidat|elegible)|\bencaja\b|\bcumple\b|\b[eè] (?:il paziente )?(?:idone|eleggibil)\w*|\bmeets?\b|\bcandidat\w*|\bcandidabil\w*|\brientra\b|\bpodr[ií]a entrar\b|\bsoddisf\w*|\bcumplen?\b|\bqualif\w*|\beligib\w*|\belegible\b|\beleggibil\w*/i, JOIN))],
  ['sites', P(/\bsites?\b|\bhospital\w*|\bwhere\b|\bnearest\b|\bcenters?\b|\bcentres?\b|\bhospitals?\b|\bd[oó]nde\b|\bdove\b|\bcentros?\b|\bcentri\b|\bospedal\w*|\blocations?\b|\bsedes?\b|\bcountr(?:y|ies)\b|\bpais(?:es)?\b|\bpaes[ei]\b|\bnazion[ei]\b|\bcit(?:y|ies)\b|\bciudad(?:es)?\b|\bcitt[aà]\b/i)],
  ['phase', P(/\bphase\b|\bfase\b|\bph\b|\brecruit\w*|\brecluta\w*|\barruol\w*|\bstatus of\b|\bestado del\b|\bstato dello\b|\bopen (?:for|to) (?:enrol\w*|accrual|recruitment|patients|inclusion)\b|\bstill (?:open|enrolling|accepting)\b|\benrolling\b|\baccepting (?:patients|participants)\b|\b(?:sigue|esta|sigue estando) (?:abierto|activo)\b|\b(?:e|ancora) aperto\b|\bancora attivo\b/i)],
  ['sponsor', P(/\bsponsor\w*|\bchi (?:lo |la |li )?(?:finanzia|promuove|sponsorizza|paga)\b|\bqui[eé]n (?:lo |la )?(?:financia|promueve|patrocina|paga)\b|\b(?:company|institution|organi[sz]ation) (?:is )?behind\b|\bwho(?:'s| is) behind\b|\bfinancia\w*|\bfinanzia\w*|\bpromotor\w*|\bpatrocin\w*|\bpromotore\b|\bwho (?:runs|funds|leads|pays(?: for)?|finances)\b|\bfunded by\b|\bfunders?\b|\bqui[eé]n (?:financia|promueve)\b|\bchi (?:finanzia|promuove)\b/i)],
  ['trials_targeting', P(/\b(?:which|what) (?:of (?:the|my) )?(?:trials?|stud(?:y|ies))\b|\btrials? (?:that )?(?:targets?|tests?|uses?)\b|\bqu[eé] ensayos\b|\bcu[aá]les (?:de los )?ensayos\b|\bquali (?:studi|sperimentazioni)\b|\btrials (?:that )?(?:target|test|use)\b|\btrials (?:that )?(?:target|test|use)\w*|\btrials? (?:with|using)\b|\b(?:ensayos?|estudios) (?:con|que|q)\b|\bstudi (?:con|che)\b/i)],
  ['guideline', P(/\bguidelines?\b|\bbest (?:option|treatment|therapy)\b|\b(?:what|which) (?:are the )?(?:treatment )?options\b|\bmejor(?:es)? (?:opcion\w*|tratamiento)\b|\bqu[eé] opciones\b|\bmiglior[ei]? (?:opzion[ei]|trattamento|terapia)\b|\bquali opzioni\b|\bsuggest\w*|\bsugier\w*|\bsuggerisc\w*|\bnext line\b|\bsiguiente linea\b|\bprossima linea\b|\bwhat (?:to|should (?:i|we)) (?:give|use|offer)\b|\bque (?:le )?(?:damos|doy|ofrecemos)\b|\bcosa (?:le )?(?:diamo|do|offriamo)\b|\brecommend\w*|\btreatment options?\b|\bgu[ií]as?\b|\brecomien\w*|\brecomend\w*|\blinee guida\b|\braccomand\w*|\bopzioni (?:di )?(?:trattamento|terapeutiche)\b|\bopciones (?:de )?tratamiento\b/i)],
  ['arms', P(/\barms?\b|\b(?:what|which)\b.{0,25}\b(?:combined|given|paired) (?:together )?with\b|\bcombined with what\b|\bcon (?:qu[eé]|cu[aá]l(?:es)?) (?:se )?(?:combina|asocia)\w*|\bcon (?:cosa|che cosa|quali?) (?:[eè] |viene |si )?(?:combina|associa)\w*|\bwhat(?:'s| is) given\b|\bgiven to (?:the )?patients\b|\bque reciben\b|\breceive\b|\bricevono\b|\bdrugs? (?:in|of|used)\b|\b(?:drugs|meds|medications)\b|\bf[aá]rmacos?\b|\bfarmaci\b|\bmedicamentos?\b|\binterventions?\b|\bwhat (?:drugs?|treatment)\b|\bbrazos?\b|\bintervenci[oó]n\w*|\bbracci\w*|\binterventi\b|\bqu[eé] (?:f[aá]rmacos?|tratamiento)\b|\bquali farmaci\b|\bquale trattamento\b/i)],
  ['evidence', P(/\bevidence\b|\bevidencia\b|\bevidenz\w*|\bcivic\b/i)],
  ['report', P(/\breports?\b|\binformes?\b|\breferti\b|\breferto\b|\bfindings?\b|\bhallazgos?\b|\brisultat\w*|\bVAF\b|\bngs\b|\blab(?:oratory)?s?\b|\blaboratorio\b|\banal[ií]tica\b|\besami\b/i)],
  ['patient', P(/\bsummar\w*|\bresum\w*|\briassu\w*|\bwhat do (?:we|you) know about the patient\b|\bqu[eé] sabemos del paciente\b|\bcosa sappiamo del paziente\b/i)],
  // what a trial is about: only when a trial is named or in focus (the index decides)
  ['about', P(/\babout\b|\bde qu[eé] (?:trata|va)\b|\bdi (?:cosa|che) (?:tratta|si occupa)\b|\boverview\b|\bwhat is NCT\d{8}\b|\bqu[eé] es (?:el )?NCT\d{8}\b|\bcos'?[eè] (?:il |lo )?NCT\d{8}\b/i)],
];

/** Accents removed: JavaScript's \b does not see "é" as a letter, so "¿Qué cambió?" would not read. */
export const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    // contractions typed without the apostrophe ("cant", "isnt", "doesnt") read as written with it
    .replace(/\b(can|isn|doesn|don|aren|won|wasn|didn|shouldn)t\b/gi, "$1't");

/** The question without the words that ask for criteria ("NCT… KRAS excluded?" → "NCT… KRAS ?"): what is left says what it asks about. */
export function withoutCriteriaWords(question: string): string {
  const re = new RegExp(PATTERNS.find(([k]) => k === 'criteria')![1].source, 'gi');
  return plain(question).replace(re, ' ');
}

/**
 * The question without the words that made its intent ("kras status for phase ib of NCT…" → "kras status for ib of
 * NCT…"; "what about prior anthracyclines" → "what prior anthracyclines"): what is left says whether it asks something
 * more precise than the intent's template answers.
 */
export function withoutIntentWords(question: string, intent: Intent): string {
  const re = PATTERNS.find(([k]) => k === intent)?.[1];
  return re ? plain(question).replace(new RegExp(re.source, 'gi'), ' ') : question;
}

/**
 * The other things a trial question asks beside its intent ("who sponsors NCT… and is it still open?": the sponsor and the
 * status): among a trial's short facts, its status and phase, and its sponsor.
 */
export function alsoAsked(original: string, intent: Intent): Intent[] {
  const text = plain(original);
  return (['phase', 'sponsor'] as const).filter((k) => k !== intent && PATTERNS.find(([i]) => i === k)![1].test(text));
}

export function parseQuestion(original: string): ParsedQuestion {
  const nctIds = [...new Set([...original.matchAll(/\bNCT\d{8}\b/gi)].map((m) => m[0].toUpperCase()))];
  const text = plain(original);
  const hit = (i: Intent) => PATTERNS.find(([k]) => k === i)![1].test(text);
  let intent: Intent = 'unknown';
  // a list question ("which trials target EGFR?") wins over the words it contains ("target", "drug")
  if (hit('trials_targeting') && !nctIds.length) intent = 'trials_targeting';
  else for (const [k, re] of PATTERNS) if (k !== 'trials_targeting' && re.test(text)) { intent = k; break; }
  const polarity = /\bexclu|\bfuera\b|\bfuori\b|\bleft out\b|\bexcl\b|\besclu|\b(?:cannot|can't|can not|no pued\w*|non poss\w*|non pu[oò])\b|\brules? (?:\w+ ){0,2}out\b|\bruled out\b|\b(?:not|isn't|aren't) eligible\b|\bno (?:es|son) elegibles?\b|\bnon (?:e|sono) eleggibil\w*/i.test(text) ? 'exclusion' : /\binclu|\bincl\b|\bwho can\b|\bwho (?:is|are) eligible\b|\bwho qualifies\b|\bserve per\b|\bhace falta\b|\bse necesita\b|\bneeded\b|\bpuede|\bpu[oò]\b|\bpossono\b|\brequisiti\b|\brequisitos\b/i.test(text) ? 'inclusion' : undefined;
  return { intent, polarity, nctIds };
}
