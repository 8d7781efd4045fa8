import type { AnswerValue, DocumentFinding, FocusArea, PatchFindingRequest, ReportDocument } from '@oncodesk/shared/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, badRequest, notFound } from '../http/errors';
import type { PatientsService } from '../patients/service';
import type { FolderPatients } from '../survey/derivedPatient';
import type { SurveyService } from '../survey/service';
import type { VaultService } from '../vault/service';
import { extractPdf } from './extract';
import { fileTooLarge } from '../vault/service';
import { PdfReadError, renderPdfPage } from './pdfText';
import type { DocumentsStorage } from './storage';

export interface DocumentsDeps {
  storage: DocumentsStorage;
  vault: VaultService;
  patients: PatientsService;
  folders: FolderPatients;
  survey: SurveyService;
  maxBytes: number;
  log: FastifyBaseLogger;
}

/** The survey answer an accepted finding gives, in the folder's focus area (null: no question takes it). */
function answerOf(f: DocumentFinding, questions: Set<string>): { questionId: string; item?: string; value?: AnswerValue } | null {
  switch (f.kind) {
    case 'variant':
      // a variant of unknown significance is kept in the report, never made a patient alteration
      if (f.interpretation === 'vus' || !f.gene || !f.proteinChange) return null;
      return { questionId: 'alterations', item: `${f.gene} ${f.proteinChange}` };
    case 'copy_number':
      return f.gene ? { questionId: 'alterations', item: `${f.gene} ${f.change === 'amplification' ? 'Amplification' : 'Deletion'}` } : null;
    case 'fusion':
      return f.gene ? { questionId: 'alterations', item: `${f.gene} Fusion` } : null;
    case 'tmb':
      return typeof f.value === 'number' && questions.has('tmb') ? { questionId: 'tmb', value: f.value } : null;
    case 'msi': {
      const v = /high/i.test(f.interpretation ?? '') ? 'high' : /low/i.test(f.interpretation ?? '') ? 'low' : 'stable';
      return questions.has('msi') ? { questionId: 'msi', value: v } : null;
    }
    case 'pdl1':
      if (typeof f.value !== 'number') return null;
      if (f.name === 'PD-L1 TPS' && questions.has('lung.pdl1_tps')) return { questionId: 'lung.pdl1_tps', value: f.value };
      if (f.name === 'PD-L1 CPS' && questions.has('pdl1_cps')) return { questionId: 'pdl1_cps', value: f.value };
      return null;
    default:
      return null;
  }
}

/**
 * Reports of a patient folder: the bytes go to the user's vault (Patients/<folder>), the record keeps
 * what was read; a finding changes the patient only when the clinician accepts it, through the same
 * validated survey answers the form writes (so the trial match sees it and re-runs show the change).
 */
export function documentsService({ storage, vault, patients, folders, survey, maxBytes, log }: DocumentsDeps) {
  async function process(doc: ReportDocument, bytes: Uint8Array): Promise<void> {
    if (!/\.pdf$/i.test(doc.name)) return storage.finish(doc.id, { status: 'failed', reason: 'not_read_yet' });
    try {
      const x = await extractPdf(bytes);
      await storage.finish(doc.id, { status: 'done', kind: x.kind, pages: x.pages, findings: x.findings });
    } catch (e) {
      if (!(e instanceof PdfReadError)) log.warn({ err: e, document: doc.id }, 'report reading failed');
      await storage.finish(doc.id, { status: 'failed', reason: e instanceof PdfReadError ? e.code : 'pdf_unreadable' });
    }
  }

  async function docOr404(userId: string, id: string): Promise<ReportDocument> {
    const d = await storage.get(userId, id);
    if (!d) throw notFound('document_not_found');
    return d;
  }

  /** Adds or removes an accepted finding's answer (validated like the form's answers). */
  async function apply(userId: string, patientId: string, f: DocumentFinding, on: boolean): Promise<string | undefined> {
    const row = await patients.row(userId, patientId);
    const focusArea = row.focus_area as FocusArea;
    const questions = new Set(survey.getQuestions(focusArea, 'en').map((q) => q.id));
    const a = answerOf(f, questions);
    if (!a) return undefined;
    const answers = ((await folders.get(userId, patientId)) ?? folders.blank(focusArea)).answers;
    let value: AnswerValue | null;
    if (a.item) {
      const list = Array.isArray(answers[a.questionId]) ? (answers[a.questionId] as string[]) : [];
      const one = survey.validateAnswer(a.questionId, [a.item], { focusArea });
      if (!one.ok) throw badRequest('finding_not_applicable', [{ path: 'finding', code: one.errors[0].code }]);
      const item = (one.value as string[])[0];
      const rest = list.filter((x) => x.toUpperCase() !== item.toUpperCase());
      value = on ? [...rest, item] : rest.length ? rest : null;
    } else {
      value = on ? a.value! : answers[a.questionId] === a.value ? null : (answers[a.questionId] ?? null);
      if (value !== null) {
        const checked = survey.validateAnswer(a.questionId, value, { focusArea });
        if (!checked.ok) throw badRequest('finding_not_applicable', [{ path: 'finding', code: checked.errors[0].code }]);
      }
    }
    await folders.save(userId, patientId, focusArea, { [a.questionId]: value });
    return a.questionId;
  }

  return {
    async upload(userId: string, patientId: string, filename: string, bytes: Uint8Array): Promise<ReportDocument> {
      const row = await patients.row(userId, patientId);
      if (bytes.length === 0) throw badRequest('validation_failed', [{ path: 'file', code: 'file_empty' }]);
      if (bytes.length > maxBytes) throw fileTooLarge();
      const folder = await vault.ensurePath(userId, null, ['Patients', row.name.replace(/[\\/:*?"<>|]/g, '-').slice(0, 100) || 'Patient']);
      // the same name uploaded again is kept beside the first ("report (2).pdf")
      let item;
      for (let n = 1; !item; n++) {
        const name = n === 1 ? filename : filename.replace(/(\.[^.]+)?$/, ` (${n})$1`);
        try {
          item = await vault.addBytes(userId, folder.id, name, bytes);
        } catch (e) {
          if (!(e instanceof AppError && e.code === 'vault_name_taken') || n > 20) throw e;
        }
      }
      const doc = await storage.insert(userId, patientId, item.name, item.id);
      // reading runs after the answer (a page takes a fraction of a second; scanned pages will take longer)
      setImmediate(() => void process(doc, bytes).catch((e) => log.error({ err: e }, 'report processing')));
      return doc;
    },

    get: docOr404,

    async list(userId: string, patientId: string): Promise<ReportDocument[]> {
      await patients.row(userId, patientId);
      return storage.list(userId, patientId);
    },

    async patchFinding(userId: string, id: string, findingId: string, body: PatchFindingRequest): Promise<ReportDocument> {
      const doc = await docOr404(userId, id);
      const at = doc.findings.findIndex((f) => f.id === findingId);
      if (at === -1) throw notFound('finding_not_found');
      const before = doc.findings[at];
      let next: DocumentFinding = { ...before };
      if (body.edit && Object.keys(body.edit).length) {
        // what was read is kept beside the correction
        const original = before.original ?? Object.fromEntries(Object.keys(body.edit).map((k) => [k, (before as Record<string, unknown>)[k]]));
        next = { ...next, ...body.edit, original };
      }
      // an accepted finding's answer is taken back before a change, then given again as it now reads
      if (before.status === 'accepted' && before.appliedTo) await apply(userId, doc.patientId, before, false);
      next.status = body.status;
      delete next.appliedTo;
      if (body.status === 'accepted') {
        const q = await apply(userId, doc.patientId, next, true);
        if (q) next.appliedTo = q;
      }
      const findings = doc.findings.map((f, i) => (i === at ? next : f));
      await storage.setFindings(userId, id, findings);
      return { ...doc, findings };
    },

    /** A page of a PDF report as an image, to show where each finding was read. */
    async page(userId: string, id: string, page: number) {
      const doc = await docOr404(userId, id);
      if (!doc.vaultItemId || !/\.pdf$/i.test(doc.name) || (doc.pages !== undefined && page > doc.pages)) throw notFound('page_not_found');
      const { stream } = await vault.openFile(userId, doc.vaultItemId);
      const chunks: Buffer[] = [];
      for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
      try {
        const r = await renderPdfPage(new Uint8Array(Buffer.concat(chunks)), page);
        return { page, width: r.width, height: r.height, image: `data:image/png;base64,${Buffer.from(r.png).toString('base64')}` };
      } catch (e) {
        if (e instanceof PdfReadError) throw notFound('page_not_found');
        throw e;
      }
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await storage.remove(userId, id))) throw notFound('document_not_found');
    },
  };
}
export type DocumentsService = ReturnType<typeof documentsService>;
