import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { notActionableReason, type AnswerValue, type FocusArea } from '@oncodesk/shared/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';
import type { DocumentsService } from '../documents/service';
import type { FhirService } from '../fhir/service';
import type { PatientsService } from '../patients/service';
import type { FolderPatients } from '../survey/derivedPatient';
import type { SurveyService } from '../survey/service';
import type { TrialsService } from '../trials/service';
import type { VaultService } from '../vault/service';
import { demoCredentials } from './seed';
import { creditsOf } from '../plans/service';
import { plansStorage } from '../plans/storage';

/**
 * The demo account's workspace: three example patients a visitor can open at once — an mCODE bundle
 * imported (breast), and two folders whose NGS and laboratory reports sit in the vault, read, with their
 * findings accepted (lung EGFR, colon BRAF/MSI-high) — each with a completed trial search. Everything is
 * synthetic (the shared mCODE bundles and NGS reports; the laboratory exports written here). Visitors'
 * changes do not accumulate: the workspace is rebuilt at start and once a day, by one instance only
 * (a row in demo_workspace is claimed in the database).
 */

export interface DemoWorkspaceDeps {
  db: Kysely<Database>;
  patients: PatientsService;
  folders: FolderPatients;
  survey: SurveyService;
  documents: DocumentsService;
  fhir: FhirService;
  trials: TrialsService;
  vault: VaultService;
  sharedDataDir: string;
  log: FastifyBaseLogger;
}

const LUNG_LABS = `Test,Result,Unit,Flag,Reference range
SYNTHETIC TEST DOCUMENT - NOT A REAL PATIENT,,,,
Hemoglobin,12.6,g/dL,,12.0-15.5
Absolute neutrophil count,3.9,x10^9/L,,1.5-7.0
Platelets,231,x10^9/L,,150-400
Creatinine,0.84,mg/dL,,0.50-1.10
Bilirubin total,0.6,mg/dL,,0.2-1.2
ALT,22,U/L,,0-33
AST,25,U/L,,0-32
`;
const COLON_LABS = `Analyte;Value;Unit;Flag;Reference
SYNTHETIC TEST DOCUMENT - NOT A REAL PATIENT;;;;
Haemoglobin;10,8;g/dL;L;13,0-17,0
Platelets;298;10^9/L;;150-400
Absolute neutrophil count;4,4;10^9/L;;1,5-7,0
Creatinine;92;umol/L;;62-106
Bilirubin total;14;umol/L;;5-21
CEA;18,6;ng/mL;H;<5,0
`;

interface Example {
  name: string;
  focusArea: FocusArea;
  /** Answers; drug answers are names the drugs vocabulary resolves at run time. */
  answers: Record<string, AnswerValue>;
  drugs?: Array<{ name: string; setting?: 'metastatic' | 'adjuvant'; line?: number; response?: 'partial' | 'stable' | 'progression'; progressed?: 'yes' | 'no' }>;
  reports: Array<{ name: string; bytes: () => Uint8Array | null }>;
}

export function demoWorkspace(deps: DemoWorkspaceDeps) {
  const { db, patients, folders, survey, documents, fhir, trials, vault, log } = deps;
  const shared = (...p: string[]) => {
    const file = path.join(deps.sharedDataDir, ...p);
    return fs.existsSync(file) ? file : null;
  };
  const bytesOf = (file: string | null) => (file ? new Uint8Array(fs.readFileSync(file)) : null);

  const examples: Example[] = [
    {
      name: 'Lung · EGFR, after erlotinib',
      focusArea: 'lung',
      answers: { 'diagnosis.lung': 'LUAD', age: 64, gender: 'female', ecog: '1', 'stage.lung': 'IVA', metastatic: 'yes', metastasis_sites: ['bone'], measurable_disease: 'yes', prior_lines: 1 },
      drugs: [{ name: 'erlotinib', setting: 'metastatic', line: 1, response: 'partial', progressed: 'yes' }],
      reports: [
        { name: 'SYN-NGS-0001.pdf', bytes: () => bytesOf(shared('reports', 'ngs', 'SYN-NGS-0001.pdf')) },
        { name: 'blood-count-and-chemistry.csv', bytes: () => new TextEncoder().encode(LUNG_LABS) },
      ],
    },
    {
      name: 'Colon · BRAF V600E, MSI-high',
      focusArea: 'colon',
      answers: { 'diagnosis.colon': 'COAD', age: 58, gender: 'male', ecog: '1', 'stage.colon': 'IVA', metastatic: 'yes', metastasis_sites: ['liver'], measurable_disease: 'yes', prior_lines: 1 },
      drugs: [{ name: 'FOLFOX', setting: 'metastatic', line: 1, response: 'stable', progressed: 'yes' }],
      reports: [
        { name: 'SYN-NGS-0002.pdf', bytes: () => bytesOf(shared('reports', 'ngs', 'SYN-NGS-0002.pdf')) },
        { name: 'labs-export.csv', bytes: () => new TextEncoder().encode(COLON_LABS) },
      ],
    },
  ];

  async function demoUserId(): Promise<string | null> {
    const row = await db.selectFrom('users').select('id').where('email', '=', demoCredentials.email).executeTakeFirst();
    return row?.id ?? null;
  }

  /** Only one instance rebuilds, and not more often than `minAgeHours`: claims the demo_workspace row. */
  async function claim(minAgeHours: number): Promise<boolean> {
    const r = await sql<{ id: number }>`
      insert into demo_workspace (id, reset_at) values (1, now())
      on conflict (id) do update set reset_at = now()
      where demo_workspace.reset_at < now() - make_interval(secs => ${minAgeHours * 3600})
      returning id`.execute(db);
    return r.rows.length > 0;
  }

  async function build(userId: string, ex: Example): Promise<void> {
    const folder = await patients.create(userId, { name: ex.name, focusArea: ex.focusArea });
    const answers: Record<string, AnswerValue> = { ...ex.answers };
    if (ex.drugs?.length) {
      answers.prior_treatments = ex.drugs.flatMap((d) => {
        const value = survey.autocomplete('drugs', d.name, { focusArea: ex.focusArea, limit: 1 })[0]?.value;
        return value ? [{ value, setting: d.setting, line: d.line, response: d.response, progressed: d.progressed }] : [];
      });
    }
    await folders.save(userId, folder.id, ex.focusArea, answers);
    for (const r of ex.reports) {
      const bytes = r.bytes();
      if (!bytes) continue;
      const doc = await documents.upload(userId, folder.id, r.name, bytes, { wait: true });
      // the clinician's review, done once for the visitor: everything read is accepted except what can never be
      // applied (variants of unknown significance, synonymous changes, what the report denies)
      for (const f of doc.findings) {
        if (notActionableReason(f)) continue;
        await documents.patchFinding(userId, doc.id, f.id, { status: 'accepted' }).catch((e) => log.warn({ err: e, finding: f.id }, 'demo: finding not applied'));
      }
    }
    await search(userId, folder.id);
  }

  async function search(userId: string, patientId: string) {
    await trials.findMatch(userId, { patientId, location: { scope: 'global' } }).catch((e) => log.warn({ err: e, patientId }, 'demo: search not run'));
  }

  return {
    /** Rebuilds the demo account's folders, reports and searches (when this instance claims the rebuild). */
    async reset(opts: { minAgeHours?: number } = {}): Promise<boolean> {
      const userId = await demoUserId();
      if (!userId) return false;
      if (!(await claim(opts.minAgeHours ?? 0))) return false;
      const t0 = Date.now();
      for (const p of await patients.list(userId)) await patients.remove(userId, p.id);
      const root = await vault.list(userId, { parentId: null, sort: 'name_asc', date: 'all', type: 'all', tzOffset: 0 });
      for (const item of root.items) await vault.remove(userId, item.id);
      // the example searches are part of the workspace, not the visitor's: the allowance is given back after
      const startedAt = new Date();
      const credits = await creditsOf(db, userId);
      const bundle = bytesOf(shared('patients', 'mcode', 'TrialMatching_Patient01.json'));
      if (bundle) {
        const imported = await fhir.importBundle(userId, JSON.parse(Buffer.from(bundle).toString('utf8')), { name: 'Breast · HR+/HER2− (mCODE)' });
        await search(userId, imported.patientId);
      }
      for (const ex of examples) await build(userId, ex);
      await db.updateTable('users').set({ searches_left: credits.searchesLeft }).where('id', '=', userId).execute();
      await plansStorage(db).forgetCreditsSince(userId, startedAt);
      log.info({ ms: Date.now() - t0 }, 'demo workspace rebuilt');
      return true;
    },
  };
}
export type DemoWorkspace = ReturnType<typeof demoWorkspace>;
