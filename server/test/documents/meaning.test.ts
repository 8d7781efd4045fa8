import fs from 'node:fs';
import path from 'node:path';
import type { DocumentFinding } from '@oncodesk/shared/contracts';
import { isActionable } from '@oncodesk/shared/contracts';
import { sharedDataDir } from '../../src/config/sharedData';
import { extractDocument, formatOf } from '../../src/documents/extract';
import { installReferenceVocabularies } from '../../src/vocab/reference/active';
import { readGenes } from '../../src/vocab/reference/readShared';
import { externalDocs } from './external';
import { madePdf, type Expected } from './reports';
import { meaningScore } from './score';
import { VENDOR_REPORTS } from './vendorReports';

jest.setTimeout(60_000);
// the full gene vocabulary, as a server installs it at start from the shared data
beforeAll(() => installReferenceVocabularies({ genes: readGenes(sharedDataDir()) }));

/** What a pasted text report yields. */
const read = async (text: string) => (await extractDocument('pasted.txt', new TextEncoder().encode(text))).findings;
const positives = (fs: DocumentFinding[]) => fs.filter(isActionable);
const brief = (f: DocumentFinding) => `${f.kind} ${f.gene ?? f.name} ${f.proteinChange ?? f.cdna ?? f.change ?? f.interpretation ?? f.value ?? ''} ${f.assertion}`.trim();

describe('reading by meaning: what a report denies, lists or discusses is never a positive finding', () => {
  it('"Microsatellite status: MSI-High NOT DETECTED" is a denied MSI-High, not an MSI-High finding', async () => {
    const f = await read('RESULTS\nMicrosatellite status: MSI-High NOT DETECTED.\nMSI-High   NOT DETECTED');
    expect(f.map(brief)).toEqual(['msi MSI MSI-High not_detected']);
    expect(positives(f)).toEqual([]);
  });

  it('MSS, MSI-Stable and "Cannot Be Determined" are never MSI-High', async () => {
    expect((await read('BIOMARKER FINDINGS\nMicrosatellite status - MSI-Stable')).map(brief)).toEqual(['msi MSI MS-Stable detected']);
    expect((await read('Biomarkers\nMSI status: MSS')).map(brief)).toEqual(['msi MSI MS-Stable detected']);
    expect(await read('BIOMARKER FINDINGS\nMicrosatellite status - Cannot Be Determined')).toEqual([]);
  });

  it('a list of genes tested ("EGFR (T790M and others) ALK ROS1 BRAF") is not a finding, with or without its heading', async () => {
    expect(await read('We evaluated this sample for 74 genes, including the following guideline-recommended genes for NSCLC\nEGFR (T790M and others) ALK ROS1 BRAF MET ERBB2 (HER2) RET NTRK')).toEqual([]);
    expect(await read('RESULTS\nEGFR (T790M and others) ALK ROS1 BRAF MET ERBB2 (HER2) RET NTRK')).toEqual([]);
    // while a results line naming four genes each with its change is four findings
    expect(positives(await read('RESULTS\nKRAS G12C, TP53 R273H, STK11 Q37*, KEAP1 G333C'))).toHaveLength(4);
  });

  it('"RET amplification not detected" is a denied RET amplification (en, es, it; before or after the name)', async () => {
    for (const text of ['RET amplification not detected', 'Amplificación de RET: no se detecta', 'Amplificazione di RET non rilevata', 'RET   Amplification   Not detected']) {
      const f = await read(`RESULTS\n${text}`);
      expect(f.map(brief)).toEqual(['copy_number RET amplification not_detected']);
    }
    expect(positives(await read('RESULTS\nNo BRAF V600E mutation was detected. NRAS wild-type, KRAS p.G12C (VAF 27%) detected.')).map(brief)).toEqual(['variant KRAS G12C detected']);
    expect(positives(await read('RISULTATI\nMutazione BRAF p.V600E assente; KRAS p.G12D non rilevata.'))).toEqual([]);
    expect(positives(await read('RESULTADOS\nNo se detectan mutaciones en EGFR. EGFR p.L858R: negativo.'))).toEqual([]);
  });

  it('interpretation, therapy, methods and references lines naming PIK3CA, ERBB2, CDK6 are not findings', async () => {
    const f = await read(
      [
        'GENOMIC FINDINGS',
        'KRAS G12C',
        'INTERPRETATION',
        'CCND1 and CDK6 amplification are reported in lymphoma; tumors with MYC activation may respond to inhibition of HDAC and PI3K.',
        'THERAPY IMPLICATIONS',
        'KRAS G12C   Sotorasib',
        'METHODS',
        'The threshold for amplification is five (5) for ERBB2, with the exception of ERBB2 amplification in breast cancer.',
        'REFERENCES',
        'Vora SR, et al. CDK 4/6 Inhibitors Sensitize PIK3CA Mutant Breast Cancer to PI3K Inhibitors. Cancer Cell 2014.',
      ].join('\n'),
    );
    expect(f.map(brief)).toEqual(['variant KRAS G12C detected']);
  });

  it('"HRAS E126E (0.4%)" is synonymous; a VUS under a heading wrapped onto two lines is a VUS', async () => {
    const f = await read(['Detected Alterations', 'TP53 R273P 2.2%', 'HRAS E126E (0.4%)', 'VARIANTS OF UNKNOWN', 'SIGNIFICANCE', 'PALB2 R37C (1.9%)    BRAF A762V (2.2%)'].join('\n'));
    expect(f.map(brief)).toEqual(['variant TP53 R273P detected', 'variant HRAS E126E synonymous', 'variant PALB2 R37C vus', 'variant BRAF A762V vus']);
    expect(f.find((x) => x.gene === 'HRAS')!.vaf).toBeCloseTo(0.004);
  });

  it('"TP53 splice site 559+1G>A" is a variant with a cDNA change and no protein change; "TERC amplification – equivocal" is equivocal', async () => {
    const f = await read('GENOMIC FINDINGS\nTP53 splice site 559+1G>A\nTERC amplification – equivocal\nMYC amplification (+++)\nCDKN2A/B loss');
    expect(f.map(brief)).toEqual(['variant TP53 c.559+1G>A detected', 'copy_number TERC amplification equivocal', 'copy_number MYC amplification detected', 'copy_number CDKN2A deletion detected', 'copy_number CDKN2B deletion detected']);
    expect(f[0].proteinChange).toBeUndefined();
  });

  it('TMB: per megabase, a count with its panel size converted, a count alone kept as a count', async () => {
    expect((await read('Biomarkers\nTumor Mutational Burden: 9 Muts/Mb'))[0]).toMatchObject({ kind: 'tmb', value: 9, unit: 'mut/Mb' });
    expect((await read('Biomarkers\nTumor Mutational Burden: 12 mutations in 1.2 Mb sequenced'))[0]).toMatchObject({ kind: 'tmb', value: 10, unit: 'mut/Mb' });
    expect((await read('Genomic signatures:\nTumor mutational burden (TMB) absolute count: 46\n(Reference range for TMB-High on this assay: Absolute count >= 15)')).map(brief)).toEqual(['tmb TMB 46 detected']);
    expect((await read('Genomic signatures:\nTumor mutational burden (TMB) absolute count: 46'))[0].unit).toBe('mutations');
  });

  it('everyday wording: a diagnosis saying "non-small cell", "non-synonymous", the change before its gene, exon events in es/it, labelled copy-number lists, general statements about the test', async () => {
    expect((await read('Sequencing of this non-small cell lung cancer identified EGFR L858R.')).map(brief)).toEqual(['variant EGFR L858R detected']);
    expect((await read('RESULTS\nTP53 p.R273H (non-synonymous), 41%')).map(brief)).toEqual(['variant TP53 R273H detected']);
    expect((await read('RESULTS\nA p.G12D mutation in KRAS was identified (VAF 18%).')).map(brief)).toEqual(['variant KRAS G12D detected']);
    expect((await read('RESULTADOS\nEGFR: deleción del exón 19 detectada')).map(brief)).toEqual(['variant EGFR exon19del detected']);
    expect((await read('RISULTATI\nEGFR: mutazione dell\'esone 21 p.L858R; EGFR delezione esone 19 non rilevata')).map(brief)).toEqual(['variant EGFR L858R detected', 'variant EGFR exon19del not_detected']);
    expect((await read('RESULTS\nAmplifications: ERBB2, MYC, CCND1, FGFR1')).map(brief)).toEqual(['ERBB2', 'MYC', 'CCND1', 'FGFR1'].map((g) => `copy_number ${g} amplification detected`));
    expect(await read('Amplification is called at 6 or more copies (for example MYC, CCND1 or CDK4 amplification); PI3K and MEK inhibitors.')).toEqual([]);
  });

  it('pipe tables, "no … detected" after the gene, benign lists, one-line labels, PD-L1 either order', async () => {
    expect((await read('RESULTS\nKRAS | G12C | Not detected\nBRAF | V600E | Detected | 31%')).map(brief)).toEqual(['variant KRAS G12C not_detected', 'variant BRAF V600E detected']);
    expect((await read('RESULTS\nROS1: no fusion detected\nERBB2: no amplification\nRearrangement of ALK: positive (FISH)')).map(brief)).toEqual(['fusion ROS1  not_detected', 'copy_number ERBB2 amplification not_detected', 'fusion ALK  detected']);
    expect(positives(await read('Likely benign variants\nTP53 P72R (49%)\nRESULTS\nKRAS G12D (likely benign polymorphism excluded)'))).toEqual([]);
    expect((await read('Specimen: FFPE block\nGenes tested: EGFR, ALK, ROS1\nEGFR L858R (31%)')).map(brief)).toEqual(['variant EGFR L858R detected']);
    expect((await read('Biomarkers\nPD-L1 (22C3) expression: 80% (TPS)'))[0]).toMatchObject({ kind: 'pdl1', name: 'PD-L1 TPS', value: 80 });
    expect((await read('Biomarkers\nPD-L1 (SP263) TC: <1%'))[0]).toMatchObject({ kind: 'pdl1', value: 0 });
    expect(await read('Biomarkers\nPD-L1 (22C3) TPS <5%')).toEqual([]);
    // a sentence holding a heading's word is not a heading: the findings after it are still read
    // and "ALK rearrangement was assessed by …" says what was tested, not what was found
    expect((await read('RESULTS\nALK rearrangement was assessed by the FISH method.\nCandidate for targeted therapy.\nEGFR L858R (31%)')).map(brief)).toEqual(['variant EGFR L858R detected']);
  });

  it('FoundationOne layouts: a heading in a cell beside a label, genes over their changes in columns, several changes of one gene, dash labels', async () => {
    const f = await read(
      [
        'Genomic Findings',
        'PTEN  R130*, K267fs*9',
        'POTENTIAL TREATMENT STRATEGIES — AR T878A has been associated with resistance; AR H875Y and AR L702H were not detected here.',
        'APPENDIX              VARIANTS OF UNKNOWN',
        '                      SIGNIFICANCE',
        'Note: One or more variants of unknown significance (VUS) were detected in this patient\'s tumor.',
        'ARID1A          EPHA3          NOTCH2',
        'G1847S          T393I          R1838H',
        'APPENDIX  About FoundationOne CDx',
        'The MSI-High call is not made in this sample. ERBB2 amplification is reported at five (5) copies.',
      ].join('\n'),
    );
    expect(f.map(brief)).toEqual(['variant PTEN R130* detected', 'variant PTEN K267fs detected', 'variant ARID1A G1847S vus', 'variant EPHA3 T393I vus', 'variant NOTCH2 R1838H vus']);
  });

  it('another test\'s result, AMP tier III and a denial read over the gene\'s whole row', async () => {
    expect((await read('RESULTS\nESR1 Y537S 3.7% (Test 2: NOT DETECTED)\nTest 1 (MAR-02-2026): EGFR L858R 12.1%; MET Amplification NOT DETECTED')).map(brief)).toEqual(['variant ESR1 Y537S detected']);
    expect((await read('RESULTS\nATM  exon 37  c.5558A>T  p.(Asp1853Val)  49%  Tier III – likely germline polymorphism')).map(brief)).toEqual(['variant ATM D1853V vus']);
    expect(positives(await read('RESULTS\nEGFR   No pathogenic variant detected (exons 18–21, incl. exon 19 deletions, L858R, T790M)\nESR1: mutazioni (Y537S, D538G) non rilevate'))).toEqual([]);
  });

  it('fusions written "A-B" and "A::B", and a gene named with a fusion word', async () => {
    const f = await read('RESULTS\nEML4-ALK fusion detected\nCD74::ROS1\nRET rearrangement\nNTRK1 fusion not detected\nRET fusion  KIF5B(ex15)–RET(ex12)\nKMT2A-MLLT3 fusion\nIGH-BCL2 rearrangement');
    expect(f.map((x) => `${x.gene} ${x.partner ?? ''} ${x.assertion}`)).toEqual(['ALK EML4 detected', 'ROS1 CD74 detected', 'RET  detected', 'NTRK1  not_detected', 'RET KIF5B detected', 'KMT2A MLLT3 detected', 'BCL2 IGH detected']);
  });

  it('a sentence whose predicate is "were assessed / tested / interrogated" lists what was tested, after a denial or alone (en, es, it)', async () => {
    expect(positives(await read('RESULTS\nNo gene fusions were identified in this specimen. BCR-ABL1, CD74-ROS1, SLC34A2-ROS1 and MET exon 14 skipping were specifically tested.'))).toEqual([]);
    expect(positives(await read('RESULTS\nKRAS G12V detected. NTRK1-TPM3 fusion and ERBB2 amplification have been interrogated by the RNA panel.')).map(brief)).toEqual(['variant KRAS G12V detected']);
    expect(positives(await read('RESULTADOS\nLas fusiones EML4-ALK y CCDC6-RET fueron específicamente evaluadas.'))).toEqual([]);
    expect(positives(await read('RISULTATI\nLe fusioni EML4-ALK e KIF5B-RET sono state valutate con pannello RNA.'))).toEqual([]);
    // a plural denial closing the list is every item's predicate; a row with its own value stays a result
    expect(positives(await read('RESULTS\nNo fusion transcripts were found. CD74-ROS1, TPM3-NTRK1 and KIF5B-RET fusion transcripts were not detected.'))).toEqual([]);
    expect(positives(await read('RESULTS\nKRAS G12C 12%, NRAS Q61K and BRAF V600E were not detected.')).map(brief)).toEqual(['variant KRAS G12C detected']);
  });

  it('a relative\'s finding (family history, en/es/it) is never the patient\'s; the patient\'s variant inherited from a parent still is', async () => {
    const f = await read(
      [
        'RESULTS',
        'KRAS G12D detected.',
        'Her sister was found to carry BRCA2 K3326* in 2019. Paternal uncle: MLH1 c.350C>T carrier.',
        'Antecedentes: la tía materna portadora de BRCA1 Q1756fs. Anamnesi: la madre portatrice di PALB2 Y1183*.',
        'ATM W2638* germline, inherited from the father.',
        'Relative copy number: ERBB2 amplification (CN 9).',
        'FAMILY HISTORY (per requisition)',
        'Cousin with CHEK2 1100delC.',
        'The patient was not found to carry the PALB2 c.3549C>A variant. Estudio dirigido de BRCA1 c.5266dup: ausencia de la variante familiar.',
      ].join('\n'),
    );
    expect(positives(f).map(brief)).toEqual(['variant KRAS G12D detected', 'variant ATM W2638* germline', 'copy_number ERBB2 amplification detected']);
  });

  it('a result withdrawn or corrected in an amended report is not a finding; the corrected one is (en, es, it)', async () => {
    const f = await read(
      [
        'RESULTS',
        'The NRAS Q61R variant listed in the first version was reported in error and has been withdrawn.',
        'Correction: EGFR L861Q as originally reported was a typing error; the correct variant is EGFR L858R.',
        'Errata corrige: la variante BRAF V600K, come originariamente riportata, è stata rettificata.',
        'La amplificación de MET fue corregida en la versión 2.',
      ].join('\n'),
    );
    expect(f.map(brief)).toEqual(['variant EGFR L858R detected']);
  });

  it('a denial runs on through "; in particular", "en particular", "including" into the clause it continues, and across a wrapped line', async () => {
    expect(positives(await read('RISULTATI\nNon sono state rilevate mutazioni negli esoni 11 e 13 di KIT; in particolare, la mutazione\nsecondaria p.N822K non è presente.'))).toEqual([]);
    expect(positives(await read('RESULTS\nNo mutations were found in exons 12 and 18 of PDGFRA; in particular, PDGFRA D842V.'))).toEqual([]);
    expect(positives(await read('RESULTADOS\nNo se detectan mutaciones en EGFR; en particular, EGFR T790M.'))).toEqual([]);
    // a new clause that does not continue the denial is read on its own
    expect(positives(await read('RESULTS\nNo mutations in NRAS; KRAS G12C detected.')).map(brief)).toEqual(['variant KRAS G12C detected']);
  });

  it('a result that could not be assessed is no finding (status unknown), en/es/it', async () => {
    const f = await read(
      [
        'RESULTS',
        'PD-L1 TPS: no es evaluable por material insuficiente.',
        'TMB not evaluable. ERBB2 amplification could not be assessed (low tumour content).',
        'KRAS G12C: non valutabile.',
        'MET exon 14 skipping: insufficient RNA.',
        'NRAS Q61K 14%',
      ].join('\n'),
    );
    expect(f.map(brief)).toEqual(['variant NRAS Q61K detected']);
  });

  it('Italian and Spanish prose: the change before its gene with an aside or an exon between; MSI-H and BRAF V600E under numbered analysis headings; a fusion with exons in it', async () => {
    expect((await read('RISULTATO\nÈ stata rilevata la variante patogenetica p.Gly12Cys (c.34G>T) nel gene KRAS.')).map(brief)).toEqual(['variant KRAS G12C detected']);
    expect((await read('ESITO\nSi segnala la variante c.2369C>T p.(Thr790Met) nell\'esone 20 del gene EGFR\n(frequenza allelica 12%).')).map(brief)).toEqual(['variant EGFR T790M detected']);
    const it = await read(
      [
        '1) IMMUNOISTOCHIMICA MMR',
        '   MSH2: perdita di espressione nucleare',
        '   Interpretazione: deficit del mismatch repair (dMMR).',
        '2) ANALISI DELL\'INSTABILITÀ MICROSATELLITARE (PCR)',
        '   5/5 marcatori instabili: elevata instabilità dei microsatelliti (MSI-H).',
        '3) ANALISI MUTAZIONALE (NGS)',
        '   Presente la mutazione BRAF V600E (frequenza allelica 21%).',
      ].join('\n'),
    );
    expect(positives(it).map(brief)).toEqual(['msi MSI MSI-High detected', 'variant BRAF V600E detected']);
    const es = await read('RESULTADO\nSe detecta la fusión ETV6 (exón 4)::NTRK3 (exón 14), en marco de lectura.\nRESULT\nEML4(e13)::ALK(e20)   In-frame');
    expect(es.map((x) => `${x.kind} ${x.gene} ${x.partner} ${x.assertion}`)).toEqual(['fusion NTRK3 ETV6 detected', 'fusion ALK EML4 detected']);
  });

  it('TMB given as a count of variants over a panel size is per Mb', async () => {
    expect((await read('RESULTS\nTMB: 96 somatic coding variants over 1.20 Mb of coding sequence')).map((x) => `${x.value} ${x.unit}`)).toEqual(['80 mut/Mb']);
    expect((await read('RISULTATI\nCarico mutazionale: 30 varianti su 1,5 Mb')).map((x) => `${x.value} ${x.unit}`)).toEqual(['20 mut/Mb']);
  });

  it('a VUS table titled by its tier or by an aside, and a pathology addendum\'s NGS table after an inline interpretation', async () => {
    const vus = await read(['SEQUENCE VARIANTS – Tier I/II', '  EGFR   c.2573T>G   p.L858R   31%', 'SEQUENCE VARIANTS – Tier 3', '  SMARCA4   p.A1186T   22%', 'DNA VARIANTS (uncertain clinical significance)', '  FAT1   p.R1203Q   40%'].join('\n'));
    expect(vus.map(brief)).toEqual(['variant EGFR L858R detected', 'variant SMARCA4 A1186T vus', 'variant FAT1 R1203Q vus']);
    const ihc = await read(['MMR IHC', '  MLH1   LOSS of nuclear expression', 'Interpretation: Mismatch repair deficient (dMMR), MLH1/PMS2 pattern.', 'TARGETED NGS (hotspot panel)', '  NRAS    p.Q61R   c.182A>G   VAF 33%', 'Comment: candidates for PD-1 blockade.'].join('\n'));
    expect(positives(ihc).map(brief)).toEqual(['variant NRAS Q61R detected']);
  });
});

describe('structured and pasted formats', () => {
  it('tells XML and pasted text by content and name; a delimited .txt stays CSV', () => {
    const xml = fs.readFileSync(path.join(__dirname, 'fixtures', 'foundationone-results.xml'));
    expect(formatOf('report.xml', xml)).toBe('xml');
    expect(formatOf('anything.txt', xml)).toBe('xml');
    expect(formatOf('pasted.txt', Buffer.from('RESULTS\nKRAS G12C'))).toBe('text');
    expect(formatOf('labs.txt', Buffer.from('Analyte;Value;Unit\nHemoglobin;11,8;g/dL\nPlatelets;210;10^9/L\n'))).toBe('csv');
  });

  it('a FoundationOne ResultsReport XML: variants with allele fraction and depth, copy numbers (equivocal), rearrangements, TMB, MSI', async () => {
    const x = await extractDocument('report.xml', new Uint8Array(fs.readFileSync(path.join(__dirname, 'fixtures', 'foundationone-results.xml'))));
    expect(x.kind).toBe('ngs');
    expect(x.findings.map(brief)).toEqual([
      'variant EGFR L858R detected',
      'variant EGFR T790M subclonal',
      'variant TP53 c.559+1G>A detected',
      'variant ARID1A A1010V vus',
      'variant HRAS E126E synonymous',
      'copy_number MET amplification detected',
      'copy_number TERC amplification equivocal',
      'copy_number CDKN2A deletion detected',
      'fusion ALK  detected',
      'msi MSI MS-Stable detected',
      'tmb TMB 9.08 detected',
    ]);
    expect(x.findings[0]).toMatchObject({ vaf: 0.312, depth: 904, cdna: 'c.2573T>G', transcript: 'NM_005228' });
    expect(x.findings.find((f) => f.kind === 'fusion')).toMatchObject({ gene: 'ALK', partner: 'EML4' });
    expect(x.findings.find((f) => f.kind === 'copy_number' && f.gene === 'MET')).toMatchObject({ copyNumber: 14 });
    expect(x.findings.find((f) => f.kind === 'tmb')).toMatchObject({ unit: 'mut/Mb' });
  });

  it('a change named as one that may arise later (en, es, it) is not a finding; one found as acquired resistance is', async () => {
    for (const text of [
      'RESULTS\nUnder continued osimertinib, EGFR C797S might later arise as a resistance mechanism.',
      'RESULTS\nKRAS G12D could be acquired during anti-EGFR therapy.',
      'RESULTS\nIn the event of progression, re-biopsy: PIK3CA H1047R may develop.',
      'RESULTADOS\nBajo inhibidores de aromatasa pueden surgir mutaciones de ESR1 p.D538G.',
      'RESULTADOS\nEn caso de progresión, se valorará ESR1 p.Y537S como resistencia potencial.',
      'RISULTATI\nDurante la terapia potrebbero emergere mutazioni di MET (p.D1228N).',
      'RISULTATI\nIn caso di progressione rivalutare ALK p.G1202R.',
    ]) expect(positives(await read(text)).map(brief)).toEqual([]);
    expect(positives(await read('RESULTS\nAcquired resistance mutation EGFR C797S identified (VAF 4%).')).map(brief)).toEqual(['variant EGFR C797S detected']);
    expect(positives(await read('RISULTATI\nMET p.D1228N rilevata (VAF 2%).')).map(brief)).toEqual(['variant MET D1228N detected']);
  });

  it('a denial written before "present" and a copy-number word is a denied copy number (en, es, it)', async () => {
    for (const text of ['Non è presente amplificazione di MET.', 'No está presente amplificación de MET.', 'Amplification of MET is not present.', 'There is no amplification of MET.', 'No se observa amplificación de MET.']) {
      const f = await read(`RESULTS\n${text}`);
      expect(f.map(brief)).toEqual(['copy_number MET amplification not_detected']);
    }
    expect(positives(await read('RISULTATI\nAmplificazione di MET presente (CN=9)')).map(brief)).toEqual(['copy_number MET amplification detected']);
    expect(positives(await read('RESULTADOS\nAmplificación de MET presente (CN=9)')).map(brief)).toEqual(['copy_number MET amplification detected']);
  });

  it('three-letter frameshifts and stops with "Ter" carry their protein change, not only the cDNA', async () => {
    const f = await read('RESULTS\nBRCA1 c.4035del p.(Glu1346LysfsTer20) VAF 41%\nATM c.5932G>T p.Glu1978Ter VAF 38%\nPALB2 c.1592del p.Leu531CysfsX30 VAF 45%');
    expect(f.map(brief)).toEqual(['variant BRCA1 E1346fs detected', 'variant ATM E1978* detected', 'variant PALB2 L531fs detected']);
    expect(f[0]).toMatchObject({ cdna: 'c.4035del', proteinChange: 'E1346fs' });
  });

  it('a pasted text over its caps is refused with a code, not read in part', async () => {
    await expect(extractDocument('big.txt', new TextEncoder().encode('KRAS G12C\n'.repeat(20_001)))).rejects.toMatchObject({ code: 'text_too_large' });
    await expect(extractDocument('big.txt', new Uint8Array(2 * 1024 * 1024 + 1).fill(0x41))).rejects.toMatchObject({ code: 'text_too_large' });
  });

  it('refuses an XML that is not a results report, or declares entities, with a code', async () => {
    await expect(extractDocument('x.xml', new TextEncoder().encode('<?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaa">]><rr:ResultsReport><variant-report/></rr:ResultsReport>'))).rejects.toMatchObject({ code: 'format_unsupported' });
    await expect(extractDocument('x.xml', new TextEncoder().encode('<?xml version="1.0"?><ResultsReport><unclosed></ResultsReport>'))).rejects.toMatchObject({ code: 'format_unsupported' });
  });
});

describe('vendor layouts and reports written by others: every actionable finding, nothing denied proposed', () => {
  it.each(VENDOR_REPORTS.map((r) => [r.name, r] as const))('%s', async (_name, r) => {
    const x = r.text ? await extractDocument('r.txt', new TextEncoder().encode(r.text)) : await extractDocument('r.pdf', await madePdf(r));
    const s = meaningScore(x.findings, r.expected, r.negatives as Array<Partial<Expected>>);
    expect({ missed: s.missed, deniedOrOutside: s.violations.map(brief), other: s.extra.map(brief) }).toEqual({ missed: [], deniedOrOutside: [], other: [] });
  });

  it.each(externalDocs().map((d) => [d.name, d] as const))('%s (external)', async (_name, d) => {
    const x = await extractDocument(d.file, new Uint8Array(fs.readFileSync(d.file)));
    const s = meaningScore(x.findings, d.expected, d.negatives as Array<Partial<Expected>>, d.genesInResults);
    expect(s.violations.map(brief)).toEqual([]);
    expect(s.recalled / s.actionable).toBeGreaterThanOrEqual(0.95);
  });
});
