import { drugs, read } from './read';

/**
 * Session 13 (issue 25): general mechanisms found by reading the misses, wrong and invented facts of the s11 and s12
 * lines — each tested on sentences written for this file (not the benchmark's), in en/es/it.
 */
const alts = (t: string) => read(t).patient.alterations.map((a) => `${a.gene}:${a.proteinChange ?? a.category}`);

describe('a protein named bare is a stain, not an alteration of its gene', () => {
  it.each([
    ['Breast cancer, ER 90%, PR 10%, HER2 score 1+. Ki-67 15%.'],
    ['Carcinoma de mama, RE 80%, HER2 no valorable en la biopsia.'],
    ['Ca mammario, RE 95%, HER2 nn valutato. ECOG 0.'],
    ['Cervical SCC, HPV-related (p16 strongly positive), FIGO IB2.'],
    ['Carcinoma escamoso de orofaringe, p16 positivo, cT2N1.'],
    ['Adenocarcinoma del colon, espressione conservata di MLH1, PMS2, MSH2 e MSH6 (pMMR).'],
    ['Colon adenocarcinoma: IHC shows intact MLH1, PMS2, MSH2 and MSH6 expression.'],
  ])('%s', (text) => {
    expect(alts(text)).toEqual([]);
  });
  it('a variant of the gene is still one', () => {
    expect(alts('Lung adenocarcinoma with a HER2 exon 20 insertion.')).toEqual(['ERBB2:exon20ins']);
    expect(alts('Carcinoma de colon, mutación germinal de MLH1.')).toEqual(['MLH1:mutation']);
  });
});

describe('a rearrangement or fusion said not found is the gene wild-type', () => {
  it.each([
    ['Colangiocarcinoma intrahepático, FGFR2 no reordenado, IDH1 no mutado.', 'FGFR2:wild_type'],
    ['Colangiocarcinoma intraepatico, FGFR2 non riarrangiato.', 'FGFR2:wild_type'],
    ['NSCLC adenocarcinoma, ALK not rearranged, PD-L1 50%.', 'ALK:wild_type'],
    ['Carcinoma papilar de tiroides; fusión CCDC6-RET no detectada.', 'RET:wild_type'],
    ['Carcinoma papillare della tiroide; fusione CCDC6-RET non rilevata.', 'RET:wild_type'],
  ])('%s -> %s', (text, alt) => {
    expect(alts(text)).toContain(alt);
    expect(alts(text).filter((a) => a.endsWith(':fusion'))).toEqual([]);
  });
});

describe('an exon event written before its gene with "en el" / "nell\'" / "in"', () => {
  it.each([
    ['Adenocarcinoma de pulmón con inserción en el exón 20 de EGFR.', 'EGFR:exon20ins'],
    ["Adenocarcinoma polmonare con inserzione nell'esone 20 di EGFR.", 'EGFR:exon20ins'],
    ['Lung adenocarcinoma, deletion in exon 19 of EGFR.', 'EGFR:exon19del'],
  ])('%s -> %s', (text, alt) => {
    expect(alts(text)).toEqual([alt]);
  });
});

describe('a test written negative is no comorbidity', () => {
  it.each([['Cervical SCC, 45F, HIV neg, ECOG 0.'], ['Carcinoma hepatocelular, VIH negativo, ECOG 1.'], ['Ca cervice, HIV negativo. ECOG 0.']])(
    '%s',
    (text) => {
      expect(read(text).patient.comorbidities).not.toContain('hiv');
    },
  );
  it('a positive one still is', () => {
    expect(read('Cervical SCC, 45F, HIV positive on ART, ECOG 0.').patient.comorbidities).toContain('hiv');
  });
});

describe('a course to be discussed, too frail for, or bridging to, is not given', () => {
  it.each([
    ['Carcinoma renale operato. Si discuterà pembrolizumab adiuvante al GOM.', 'pembrolizumab'],
    ['Resected melanoma, nivolumab adjuvant will be discussed at the MDT.', 'nivolumab'],
    ['Gastric cancer, 2L ramucirumab alone (too frail for paclitaxel).', 'paclitaxel'],
    ['Cáncer gástrico, ramucirumab en monoterapia (demasiado frágil para paclitaxel).', 'paclitaxel'],
  ])('%s -/-> %s', (text, drug) => {
    expect(drugs(text)).not.toContain(drug);
  });
  it('an operation a stent bridges to is not done', () => {
    const tx = read('Adenocarcinoma de sigma estenosante; se colocó una endoprótesis como puente a cirugía.').patient.priorTreatments;
    expect(tx.map((t) => t.name.toLowerCase())).not.toContain('surgery');
  });
});
