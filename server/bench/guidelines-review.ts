/**
 * The patients of the oncologist's review (issue 26): per focus area a first-line and a progressing
 * patient, recorded as a clinician would (structured record), run through the real engine and the
 * built-in pack; prints the top five options with their preference, what is conditional, the first
 * missing facts and what is ruled out, as Markdown for the review note.
 * Run: cd server && node -r ./bench/register.cjs bench/guidelines-review.ts [en|es|it]
 */
import { messageLanguage, PatientData, type FocusArea, type GuidelinePack } from '@oncodesk/shared/contracts';
import { BUILT_IN_PACKS_DIR, loadPacks } from '../src/guidelines/packs';
import { recommend } from '../src/guidelines/engine';

type Rx = { name: string; line: number; progressed?: boolean };
const drugs = (list: Rx[]) =>
  list.map((d) => ({ name: d.name, kind: 'drug' as const, setting: 'metastatic' as const, line: d.line, progressed: d.progressed ?? true }));
const P = (focusArea: FocusArea, oncotreeCode: string, p: Partial<PatientData> & { given?: Rx[] }) => {
  const { given, ...rest } = p;
  const priorTreatments = drugs(given ?? []);
  const priorLines = Math.max(0, ...priorTreatments.map((t) => t.line));
  return PatientData.parse({ focusArea, oncotreeCode, age: 64, metastatic: true, priorLines, priorTreatments, ...rest });
};

const REVIEW: Array<{ focus: FocusArea; patients: Array<[string, PatientData]> }> = [
  {
    focus: 'lung',
    patients: [
      [
        'Metastatic lung adenocarcinoma, EGFR L858R, PD-L1 TPS 20%, untreated',
        P('lung', 'LUAD', {
          gender: 'female',
          ecog: 1,
          alterations: [{ gene: 'EGFR', proteinChange: 'L858R', category: 'mutation' }],
          biomarkers: [{ name: 'PD-L1', value: '20', scale: 'TPS' }],
        }),
      ],
      [
        'EGFR L858R adenocarcinoma progressing on first-line osimertinib (no T790M, no chemotherapy yet)',
        P('lung', 'LUAD', {
          gender: 'female',
          ecog: 1,
          alterations: [{ gene: 'EGFR', proteinChange: 'L858R', category: 'mutation' }],
          given: [{ name: 'osimertinib', line: 1 }],
        }),
      ],
    ],
  },
  {
    focus: 'breast',
    patients: [
      [
        'Metastatic HR-positive, HER2-low (IHC 1+) breast cancer, postmenopausal, untreated',
        P('breast', 'IDC', {
          gender: 'female',
          menopausalStatus: 'postmenopausal',
          biomarkers: [
            { name: 'ER', value: 'positive' },
            { name: 'PR', value: 'positive' },
            { name: 'HER2', value: 'low', ihcScore: '1+' },
          ],
        }),
      ],
      [
        'HR-positive, HER2-low breast cancer, PIK3CA H1047R, progressing on letrozole with palbociclib',
        P('breast', 'IDC', {
          gender: 'female',
          menopausalStatus: 'postmenopausal',
          biomarkers: [
            { name: 'ER', value: 'positive' },
            { name: 'HER2', value: 'low', ihcScore: '1+' },
          ],
          alterations: [{ gene: 'PIK3CA', proteinChange: 'H1047R', category: 'mutation' }],
          given: [
            { name: 'letrozole', line: 1 },
            { name: 'palbociclib', line: 1 },
          ],
        }),
      ],
    ],
  },
  {
    focus: 'prostate',
    patients: [
      ['Metastatic castration-sensitive prostate adenocarcinoma, untreated', P('prostate', 'PRAD', { gender: 'male', castrationStatus: 'sensitive' })],
      [
        'mCRPC, germline BRCA2, progressing after abiraterone (mHSPC) and docetaxel',
        P('prostate', 'PRAD', {
          gender: 'male',
          castrationStatus: 'resistant',
          alterations: [{ gene: 'BRCA2', category: 'mutation', origin: 'germline' }],
          given: [
            { name: 'abiraterone', line: 1 },
            { name: 'docetaxel', line: 2 },
          ],
        }),
      ],
    ],
  },
  {
    focus: 'stomach',
    patients: [
      [
        'Metastatic HER2-negative gastric adenocarcinoma, PD-L1 CPS 8, untreated',
        P('stomach', 'STAD', {
          biomarkers: [
            { name: 'HER2', value: 'negative' },
            { name: 'PD-L1', value: '8', scale: 'CPS' },
          ],
        }),
      ],
      [
        'HER2-negative gastric adenocarcinoma progressing on FOLFOX with nivolumab',
        P('stomach', 'STAD', {
          biomarkers: [{ name: 'HER2', value: 'negative' }],
          given: [
            { name: 'oxaliplatin', line: 1 },
            { name: 'fluorouracil', line: 1 },
            { name: 'nivolumab', line: 1 },
          ],
        }),
      ],
    ],
  },
  {
    focus: 'liver',
    patients: [
      ['Advanced HCC (BCLC C), Child-Pugh A, untreated', P('liver', 'HCC', { bclcStage: 'C' })],
      [
        'HCC progressing on atezolizumab with bevacizumab, AFP 600 ng/mL',
        P('liver', 'HCC', {
          biomarkers: [{ name: 'AFP', value: '600', unit: 'ng/mL' }],
          given: [
            { name: 'atezolizumab', line: 1 },
            { name: 'bevacizumab', line: 1 },
          ],
        }),
      ],
    ],
  },
  {
    focus: 'thyroid',
    patients: [
      [
        'RAI-refractory metastatic papillary thyroid cancer, BRAF V600E, untreated',
        P('thyroid', 'THPA', { raiRefractory: true, alterations: [{ gene: 'BRAF', proteinChange: 'V600E', category: 'mutation' }] }),
      ],
      [
        'RAI-refractory papillary thyroid cancer, BRAF V600E, progressing on lenvatinib',
        P('thyroid', 'THPA', {
          raiRefractory: true,
          alterations: [{ gene: 'BRAF', proteinChange: 'V600E', category: 'mutation' }],
          given: [{ name: 'lenvatinib', line: 1 }],
        }),
      ],
    ],
  },
  {
    focus: 'cervix_uteri',
    patients: [
      [
        'Metastatic cervical squamous carcinoma, PD-L1 CPS 10, untreated',
        P('cervix_uteri', 'CESC', { gender: 'female', biomarkers: [{ name: 'PD-L1', value: '10', scale: 'CPS' }] }),
      ],
      [
        'Cervical cancer progressing after paclitaxel-cisplatin with pembrolizumab and bevacizumab',
        P('cervix_uteri', 'CESC', {
          gender: 'female',
          given: [
            { name: 'paclitaxel', line: 1 },
            { name: 'cisplatin', line: 1 },
            { name: 'pembrolizumab', line: 1 },
            { name: 'bevacizumab', line: 1 },
          ],
        }),
      ],
    ],
  },
  {
    focus: 'bladder',
    patients: [
      [
        'Metastatic urothelial carcinoma, creatinine clearance 45 mL/min, ECOG 1, untreated',
        P('bladder', 'BLCA', { ecog: 1, labs: [{ analyte: 'creatinine_clearance', value: 45, unit: 'mL/min' }] }),
      ],
      [
        'Urothelial carcinoma, FGFR3 S249C, progressing on enfortumab vedotin with pembrolizumab',
        P('bladder', 'BLCA', {
          ecog: 1,
          alterations: [{ gene: 'FGFR3', proteinChange: 'S249C', category: 'mutation' }],
          given: [
            { name: 'enfortumab vedotin', line: 1 },
            { name: 'pembrolizumab', line: 1 },
          ],
        }),
      ],
    ],
  },
  {
    focus: 'kidney',
    patients: [
      ['Metastatic clear-cell RCC, IMDC intermediate risk, untreated', P('kidney', 'CCRCC', { imdcRisk: 'intermediate' })],
      [
        'Clear-cell RCC progressing on pembrolizumab with axitinib',
        P('kidney', 'CCRCC', {
          imdcRisk: 'intermediate',
          given: [
            { name: 'pembrolizumab', line: 1 },
            { name: 'axitinib', line: 1 },
          ],
        }),
      ],
    ],
  },
  {
    focus: 'colon',
    patients: [
      [
        'Metastatic MSS colon adenocarcinoma, KRAS G12C, untreated',
        P('colon', 'COAD', { msi: 'stable', alterations: [{ gene: 'KRAS', proteinChange: 'G12C', category: 'mutation' }] }),
      ],
      [
        'MSS colon cancer, KRAS G12C, progressing after FOLFOX-bevacizumab and FOLFIRI',
        P('colon', 'COAD', {
          msi: 'stable',
          alterations: [{ gene: 'KRAS', proteinChange: 'G12C', category: 'mutation' }],
          given: [
            { name: 'oxaliplatin', line: 1 },
            { name: 'bevacizumab', line: 1 },
            { name: 'irinotecan', line: 2 },
          ],
        }),
      ],
    ],
  },
];

function main() {
  const lang = messageLanguage(process.argv[2]);
  const pack = loadPacks(BUILT_IN_PACKS_DIR).packs[0] as GuidelinePack;
  console.log(`Pack ${pack.id} ${pack.version}; engine output (${lang}), top five options per patient.\n`);
  for (const { focus, patients } of REVIEW) {
    console.log(`### ${focus}\n`);
    for (const [name, p] of patients) {
      const a = recommend(pack, p, { lang });
      console.log(`**${name}** — ${a.recommendations.length} options; ${a.missingData.length} missing facts; ${a.notApplicable.length} ruled out\n`);
      a.recommendations.slice(0, 5).forEach((r, i) => {
        const cond = r.assumes ? ` — conditional: ${r.assumes.condition ?? r.assumes.fact}` : '';
        console.log(`${i + 1}. ${r.therapy} (${r.preference ?? 'other'}; ${r.evidence.level})${cond}`);
      });
      if (a.missingData.length)
        console.log(
          `\n   missing: ${a.missingData
            .slice(0, 4)
            .map((m) => m.fact)
            .join('; ')}${a.missingData.length > 4 ? '; …' : ''}`,
        );
      if (a.notApplicable.length)
        console.log(
          `   ruled out: ${a.notApplicable
            .slice(0, 4)
            .map((n) => `${n.therapy} (${n.reason})`)
            .join('; ')}${a.notApplicable.length > 4 ? '; …' : ''}`,
        );
      console.log('');
    }
  }
}

main();
