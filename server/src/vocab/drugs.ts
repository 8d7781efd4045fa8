/**
 * Anticancer and supportive medicines the survey offers beyond its own drug classes
 * (server/src/survey/lists.ts) and the trial engine's drug list (server/src/vocab/drugKnowledge.ts),
 * written for OncoDesk: the ingredients patients in the ten focus areas commonly report (hormonal
 * agents, myeloma and leukaemia drugs seen as prior therapy, steroids, bone-targeted agents), and the
 * brand names of drugs those two lists already hold. English INN, lower case; the answer value is the
 * INN. test/vocab/drugs.test.ts checks that no entry duplicates the other two lists, that every brand
 * points at a known drug, and that the ingredients appear in the MITRE medication vocabulary.
 */

export interface ExtraDrug {
  /** English INN (answer value). */
  name: string;
  /** Brand names and other search terms. */
  search?: readonly string[];
}

export const EXTRA_DRUGS: readonly ExtraDrug[] = [
  // hormonal therapy
  { name: 'megestrol', search: ['Megace', 'megestrol acetate'] },
  { name: 'medroxyprogesterone', search: ['Provera', 'Depo-Provera', 'medroxyprogesterone acetate'] },
  { name: 'raloxifene', search: ['Evista'] },
  { name: 'estradiol', search: ['Estrace'] },
  { name: 'diethylstilbestrol', search: ['DES'] },
  { name: 'estramustine', search: ['Emcyt'] },
  { name: 'fluoxymesterone', search: ['Androxy'] },
  { name: 'ketoconazole', search: ['Nizoral'] },
  // steroids used with anticancer therapy
  { name: 'prednisone', search: ['Deltasone', 'Rayos'] },
  { name: 'dexamethasone', search: ['Decadron', 'Hemady'] },
  // bone-targeted agents
  { name: 'pamidronate', search: ['Aredia', 'pamidronic acid'] },
  // chemotherapy
  { name: 'mitoxantrone', search: ['Novantrone'] },
  { name: 'thiotepa', search: ['Tepadina'] },
  { name: 'procarbazine', search: ['Matulane'] },
  // myeloma, leukaemia, lymphoma and cellular therapies seen as prior treatment
  { name: 'ixazomib', search: ['Ninlaro'] },
  { name: 'elotuzumab', search: ['Empliciti'] },
  { name: 'isatuximab', search: ['Sarclisa'] },
  { name: 'panobinostat', search: ['Farydak'] },
  { name: 'selinexor', search: ['Xpovio'] },
  { name: 'blinatumomab', search: ['Blincyto'] },
  { name: 'idecabtagene vicleucel', search: ['Abecma', 'ide-cel'] },
  { name: 'sipuleucel-t', search: ['Provenge'] },
  // neuroendocrine tumours (GI, lung)
  { name: 'octreotide', search: ['Sandostatin'] },
  { name: 'lanreotide', search: ['Somatuline'] },
];

/**
 * Brand names (search terms) of drugs that survey/lists.ts or vocab/drugKnowledge.ts already hold,
 * keyed by that list's name.
 */
export const EXTRA_BRANDS: Readonly<Record<string, readonly string[]>> = {
  afatinib: ['Gilotrif', 'Giotrif'],
  alpelisib: ['Piqray'],
  anastrozole: ['Arimidex'],
  apalutamide: ['Erleada'],
  avelumab: ['Bavencio'],
  axitinib: ['Inlyta'],
  bevacizumab: ['Mvasi', 'Zirabev'],
  bendamustine: ['Treanda', 'Bendeka', 'Belrapzo'],
  bicalutamide: ['Casodex'],
  bortezomib: ['Velcade'],
  brigatinib: ['Alunbrig'],
  cabazitaxel: ['Jevtana'],
  capmatinib: ['Tabrecta'],
  carboplatin: ['Paraplatin'],
  carfilzomib: ['Kyprolis'],
  carmustine: ['BiCNU', 'Gliadel'],
  cemiplimab: ['Libtayo'],
  ceritinib: ['Zykadia'],
  cetuximab: ['Erbitux'],
  crizotinib: ['Xalkori'],
  dabrafenib: ['Tafinlar'],
  dacomitinib: ['Vizimpro'],
  daratumumab: ['Darzalex'],
  darolutamide: ['Nubeqa'],
  degarelix: ['Firmagon'],
  denosumab: ['Prolia', 'Xgeva'],
  docetaxel: ['Taxotere'],
  dostarlimab: ['Jemperli'],
  doxorubicin: ['Adriamycin'],
  encorafenib: ['Braftovi'],
  entrectinib: ['Rozlytrek'],
  epirubicin: ['Ellence'],
  eribulin: ['Halaven'],
  erlotinib: ['Tarceva'],
  etoposide: ['Toposar', 'Etopophos'],
  everolimus: ['Afinitor'],
  exemestane: ['Aromasin'],
  fluorouracil: ['Adrucil'],
  fulvestrant: ['Faslodex'],
  gefitinib: ['Iressa'],
  gemcitabine: ['Gemzar', 'Infugem'],
  goserelin: ['Zoladex'],
  ifosfamide: ['Ifex'],
  ixabepilone: ['Ixempra'],
  lapatinib: ['Tykerb', 'Tyverb'],
  larotrectinib: ['Vitrakvi'],
  lenalidomide: ['Revlimid'],
  letrozole: ['Femara'],
  lomustine: ['Gleostine'],
  melphalan: ['Alkeran', 'Evomela'],
  methotrexate: ['Trexall', 'Otrexup'],
  mobocertinib: ['Exkivity'],
  necitumumab: ['Portrazza'],
  neratinib: ['Nerlynx'],
  nilutamide: ['Nilandron'],
  panitumumab: ['Vectibix'],
  pemetrexed: ['Alimta'],
  pomalidomide: ['Pomalyst'],
  pralsetinib: ['Gavreto'],
  ramucirumab: ['Cyramza'],
  relugolix: ['Orgovyx'],
  rucaparib: ['Rubraca'],
  selpercatinib: ['Retevmo'],
  talazoparib: ['Talzenna'],
  tamoxifen: ['Nolvadex', 'Soltamox'],
  temozolomide: ['Temodar', 'Temodal'],
  temsirolimus: ['Torisel'],
  thalidomide: ['Thalomid'],
  topotecan: ['Hycamtin'],
  toremifene: ['Fareston'],
  trametinib: ['Mekinist'],
  trastuzumab: ['Kanjinti', 'Ogivri', 'Herzuma', 'Trazimera', 'Ontruzant'],
  triptorelin: ['Trelstar'],
  tucatinib: ['Tukysa'],
  vandetanib: ['Caprelsa'],
  venetoclax: ['Venclexta'],
  vincristine: ['Vincasar', 'Marqibo'],
  vinorelbine: ['Navelbine'],
  'zoledronic acid': ['Zometa', 'Reclast'],
};
