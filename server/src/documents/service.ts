import { notActionableReason, UNSAFE_TEXT, VAULT_NAME_MAX, type AnswerValue, type DocumentFinding, type FocusArea, type LabEntry, type PatchFindingRequest, type ReportDocument } from '@oncodesk/shared/contracts';
import { MARKER_QUESTIONS } from '../survey/questions';
import { convertLab, LAB_BY_LOINC, toUcum } from '../vocab/labUnits';
import { ulnOf } from './extract/lab';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, badRequest, notFound } from '../http/errors';
import type { PatientsService } from '../patients/service';
import type { FolderPatients } from '../survey/derivedPatient';
import type { SurveyService } from '../survey/service';
import type { VaultService } from '../vault/service';
import { formatOf, type Extraction } from './extract';
import { fairQueue } from './fairQueue';
import { CSV_MAX_BYTES } from './extract/csv';
import { declaredSize, imageSize } from './image';
import { fileTooLarge } from '../vault/service';
import { vaultFileName } from '../vault/fileName';
import { ReportReadError } from './readError';
import { DEFAULT_READING_LIMITS, inChildProcess, type ReadingLimits } from './readingProcess';
import type { DocumentsStorage } from './storage';

export interface DocumentsDeps {
  storage: DocumentsStorage;
  vault: VaultService;
  patients: PatientsService;
  folders: FolderPatients;
  survey: SurveyService;
  maxBytes: number;
  log: FastifyBaseLogger;
  /** Readings at once (all users), and per user; limits of each reading's child process. */
  reading?: { concurrency: number; perUser: number } & ReadingLimits;
}

/** A reading started this often and never finished took the process down each time: it is not resumed. */
export const MAX_READING_ATTEMPTS = 2;
/** The page view is for the eye: ~2 megapixels (a letter page at 1.5 × is 1.1), whatever the page's size. */
const PAGE_VIEW_PIXELS = 2_000_000;
/** Rendered pages kept in memory (their data URLs' characters, about their bytes). */
const PAGE_CACHE_CHARS = 48 * 1024 * 1024;
type PageView = { page: number; width: number; height: number; image: string };

type Answer = { questionId: string; item?: string; lab?: LabEntry; value?: AnswerValue };

/** The survey answer an accepted finding gives, in the folder's focus area (null: no question takes it). */
function answerOf(f: DocumentFinding, questions: Set<string>): Answer | null {
  // a VUS, a synonymous change, a finding the report denies or a TMB count is shown as read and never applied
  const why = notActionableReason(f);
  if (why) throw badRequest('finding_not_actionable', [{ path: 'finding', code: why }]);
  switch (f.kind) {
    case 'lab': {
      const a = f.loinc ? LAB_BY_LOINC.get(f.loinc) : undefined;
      if (!a || typeof f.value !== 'number' || !f.unit) return null;
      // a tumour marker the focus area asks as its own question ("prostate.psa") goes there, in its unit
      const own = MARKER_QUESTIONS[a.key];
      if (own && questions.has(own)) {
        const v = convertLab(a.key, f.value, f.unit, a.unit);
        return v === undefined ? null : { questionId: own, value: Number(v.toPrecision(6)) };
      }
      if (!questions.has('labs')) return null;
      const uln = ulnOf(f.referenceRange);
      return { questionId: 'labs', lab: { analyte: a.key, value: f.value, unit: f.unit, ...(uln ? { uln } : {}) } };
    }
    case 'variant':
      // a splice change has a cDNA change and no protein change: applied as "TP53 c.559+1G>A" when the survey takes it
      if (!f.gene || !(f.proteinChange ?? f.cdna)) return null;
      return { questionId: 'alterations', item: `${f.gene} ${f.proteinChange ?? f.cdna}` };
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
export function documentsService({ storage, vault, patients, folders, survey, maxBytes, log, reading }: DocumentsDeps) {
  const limits = reading ?? { concurrency: 2, perUser: 1, ...DEFAULT_READING_LIMITS };
  // readings take turns across users; page views have their own places, so a long scan never delays one
  const readings = fairQueue({ concurrency: limits.concurrency, perUser: limits.perUser });
  const pageViews = fairQueue({ concurrency: limits.concurrency, perUser: 1 });
  // aborted when the server closes: running readings stop and stay "processing", resumed at the next start
  const closing = new AbortController();
  const pageCache = new Map<string, PageView | null>();
  const pageRendering = new Map<string, Promise<PageView | null>>();
  let pageCacheChars = 0;

  /**
   * One reading of a report, in a child process. The attempt is counted in the database before it starts:
   * if the server itself dies mid-reading, the count shows it at the next start (resumeUnfinished).
   */
  async function process(doc: Pick<ReportDocument, 'id' | 'name' | 'vaultItemId'> & { userId: string }): Promise<void> {
    const attempt = await storage.startAttempt(doc.id);
    if (attempt === null) return; // removed, or already finished, while it waited its turn
    try {
      if (!doc.vaultItemId) throw new ReportReadError('format_unsupported');
      // the bytes are fetched when the turn comes, so waiting readings hold no memory
      const bytes = await vaultBytes(doc.userId, doc.vaultItemId);
      refuseAtSight(doc.name, bytes);
      const x = await inChildProcess<Extraction>({ op: 'extract', name: doc.name, bytes }, { ...limits, signal: closing.signal });
      await storage.finish(doc.id, { status: 'done', kind: x.kind, pages: x.pages, ocrPages: x.ocrPages, findings: x.findings });
    } catch (e) {
      if (closing.signal.aborted) return;
      if (!(e instanceof ReportReadError)) log.warn({ err: e, document: doc.id }, 'report reading failed');
      else if (e.code.startsWith('reading_')) log.warn({ document: doc.id, reason: e.code, exit: (e as { exit?: unknown }).exit }, 'report reading stopped');
      await storage.finish(doc.id, { status: 'failed', reason: e instanceof ReportReadError ? e.code : 'unreadable' });
    }
  }

  /** The bytes of a vault file (reports are read whole: at most the vault's file size limit). */
  async function vaultBytes(userId: string, itemId: string): Promise<Uint8Array> {
    const { stream } = await vault.openFile(userId, itemId);
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
    return new Uint8Array(Buffer.concat(chunks));
  }

  /**
   * What the readers would refuse from a header or a size alone is refused here, in milliseconds, without
   * starting a child process: an image whose header is unreadable or over the pixel budget, a CSV over its
   * byte cap (the same checks the readers make, image.ts and extract/csv.ts).
   */
  function refuseAtSight(name: string, bytes: Uint8Array) {
    const format = formatOf(name, bytes);
    if (format === 'image') declaredSize(bytes);
    if (format === 'csv' && bytes.length > CSV_MAX_BYTES) throw new ReportReadError('csv_too_large');
  }

  /** The first bytes of a vault file, enough to tell its format (formatOf looks at a file's start). */
  async function vaultHead(userId: string, itemId: string, size = 64 * 1024): Promise<Uint8Array> {
    const { stream } = await vault.openFile(userId, itemId, (item) => ({ start: 0, end: Math.max(0, Math.min(size, Number(item.size)) - 1) }));
    const chunks: Buffer[] = [];
    for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
    return new Uint8Array(Buffer.concat(chunks));
  }

  /** Reading runs after the answer, in its user's turn (OCR takes seconds a page); a failure is recorded, never thrown. */
  function later(userId: string, doc: Pick<ReportDocument, 'id' | 'name' | 'vaultItemId'>) {
    void readings.run(userId, () => process({ ...doc, userId })).catch((e) => log.error({ err: e }, 'report processing'));
  }

  /** Keeps a drawn page (or that there is none), the least recently used going first beyond the budget. */
  function remember(key: string, view: PageView | null) {
    const size = view?.image.length ?? 0;
    if (size > PAGE_CACHE_CHARS / 4) return;
    pageCache.set(key, view);
    pageCacheChars += size;
    for (const [k, v] of pageCache) {
      if (pageCacheChars <= PAGE_CACHE_CHARS) break;
      pageCache.delete(k);
      pageCacheChars -= v?.image.length ?? 0;
    }
  }

  /** Draws a page of a report for the page view (null: there is no such page, or it cannot be drawn). */
  async function drawPage(userId: string, name: string, vaultItemId: string, page: number, key: string): Promise<PageView | null> {
    const bytes = await vaultBytes(userId, vaultItemId);
    const format = formatOf(name, bytes);
    let view: PageView | null = null;
    try {
      if (format === 'image' && page === 1) {
        // a photographed report is its own page (boxes are in its pixels); its size is read from the header
        const size = await imageSize(bytes);
        const mime = bytes[0] === 0x89 ? 'image/png' : 'image/jpeg';
        view = { page, width: size.width, height: size.height, image: `data:${mime};base64,${Buffer.from(bytes).toString('base64')}` };
      } else if (format === 'pdf') {
        const r = await inChildProcess<{ png: Uint8Array; width: number; height: number }>({ op: 'page', bytes, page, scale: 1.5, maxPixels: PAGE_VIEW_PIXELS }, { timeoutMs: 60_000, memoryMb: limits.memoryMb, nice: limits.nice, signal: closing.signal });
        view = { page, width: r.width, height: r.height, image: `data:image/png;base64,${Buffer.from(r.png).toString('base64')}` };
      }
    } catch (e) {
      if (!(e instanceof ReportReadError)) throw e;
      // a drawing stopped by the clock may succeed when the machine is less busy: not remembered
      if (e.code === 'reading_timed_out') return null;
    }
    remember(key, view);
    return view;
  }

  /** The patient folder's vault folder (Patients/<folder name>), made on first use. */
  async function patientFolder(userId: string, patientId: string) {
    const row = await patients.row(userId, patientId);
    // the folder takes the patient's name within the vault's name rules (characters, length)
    const name = row.name.replace(/[\\/:*?"<>|\u0000-\u001f]/g, '-').slice(0, VAULT_NAME_MAX).trim();
    return vault.ensurePath(userId, null, ['Patients', name || 'Patient']);
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
    if (a.lab) {
      // one value per analyte: an accepted result replaces the one before; taking it back removes only itself
      const list = Array.isArray(answers.labs) ? (answers.labs as LabEntry[]) : [];
      const rest = list.filter((x) => x.analyte !== a.lab!.analyte);
      const mine = list.find((x) => x.analyte === a.lab!.analyte && x.value === a.lab!.value && x.unit === a.lab!.unit);
      value = on ? [...rest, a.lab] : mine ? (rest.length ? rest : null) : list.length ? list : null;
      if (value !== null) {
        const checked = survey.validateAnswer('labs', value, { focusArea });
        if (!checked.ok) throw badRequest('finding_not_applicable', [{ path: 'finding', code: checked.errors[0].code }]);
        value = checked.value;
      }
    } else if (a.item) {
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
    /** The patient folder exists and is the user's (the upload route asks before it takes the body). */
    async checkFolder(userId: string, patientId: string): Promise<void> {
      await patients.row(userId, patientId);
    },

    /**
     * Stores a report and reads it in the background (`wait`: reads it before answering — the demo
     * workspace). The name it came with is the document's title; the vault file gets a name within the
     * vault's rules (vaultFileName: shortened, extension kept, made unique).
     */
    async upload(userId: string, patientId: string, filename: string, bytes: Uint8Array, opts: { wait?: boolean } = {}): Promise<ReportDocument> {
      await patients.row(userId, patientId);
      if (bytes.length === 0) throw badRequest('validation_failed', [{ path: 'file', code: 'file_empty' }]);
      if (bytes.length > maxBytes) throw fileTooLarge();
      // a format no reader takes is refused before anything is stored
      if (!formatOf(filename, bytes)) throw badRequest('validation_failed', [{ path: 'file', code: 'report_format_unsupported' }]);
      const folder = await patientFolder(userId, patientId);
      // the same name uploaded again is kept beside the first ("report (2).pdf")
      let item;
      for (let n = 1; !item; n++) {
        const name = vaultFileName(filename, n);
        try {
          item = await vault.addBytes(userId, folder.id, name, bytes);
        } catch (e) {
          if (!(e instanceof AppError && e.code === 'vault_name_taken') || n > 20) throw e;
        }
      }
      const title = filename.replace(new RegExp(UNSAFE_TEXT.source, `${UNSAFE_TEXT.flags}g`), '').trim() || item.name;
      const doc = await storage.insert(userId, patientId, title, item.id);
      if (!opts.wait) {
        later(userId, doc);
        return doc;
      }
      await readings.run(userId, () => process({ ...doc, userId }));
      return docOr404(userId, doc.id);
    },

    /**
     * Reads every report already in a vault folder (the patient's own folder when none is named) that was
     * not read before: PDFs, images and CSV files; other files are listed as skipped with the reason.
     */
    async processDirectory(userId: string, patientId: string, folderId?: string): Promise<{ documents: ReportDocument[]; skipped: Array<{ name: string; reason: string }> }> {
      await patients.row(userId, patientId);
      const parentId = folderId ?? (await patientFolder(userId, patientId)).id;
      const listing = await vault.list(userId, { parentId, sort: 'name_asc', date: 'all', type: 'all', tzOffset: 0 });
      const files = listing.items.filter((i) => i.kind === 'file');
      const read = await storage.vaultItemsRead(userId, files.map((f) => f.id));
      const documents: ReportDocument[] = [];
      const skipped: Array<{ name: string; reason: string }> = [];
      for (const f of files) {
        if (read.has(f.id)) {
          skipped.push({ name: f.name, reason: 'already_read' });
          continue;
        }
        if (f.size === 0 || f.size > maxBytes) {
          skipped.push({ name: f.name, reason: f.size === 0 ? 'file_empty' : 'file_too_large' });
          continue;
        }
        // the format is told from the first bytes: a 50 MB file is not read whole here, only when its turn comes
        if (!formatOf(f.name, await vaultHead(userId, f.id))) {
          skipped.push({ name: f.name, reason: 'report_format_unsupported' });
          continue;
        }
        const doc = await storage.insert(userId, patientId, f.name, f.id);
        documents.push(doc);
        later(userId, doc);
      }
      return { documents, skipped };
    },

    /**
     * Reports left "processing" by a stopped process are read again (their bytes are in the vault), unless
     * their reading was already started MAX_READING_ATTEMPTS times: then it is what stopped the process,
     * and it is marked failed instead of taking the server down at every start.
     */
    async resumeUnfinished(): Promise<number> {
      const pending = await storage.unfinished();
      for (const p of pending) {
        if (!p.vaultItemId) await storage.finish(p.id, { status: 'failed', reason: 'file_deleted' });
        else if (p.attempts >= MAX_READING_ATTEMPTS) {
          log.warn({ document: p.id, attempts: p.attempts }, 'report reading interrupted twice: not resumed');
          await storage.finish(p.id, { status: 'failed', reason: 'reading_interrupted' });
        } else later(p.userId, { id: p.id, name: p.name, vaultItemId: p.vaultItemId });
      }
      return pending.length;
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
      if (body.edit?.unit !== undefined) {
        const unit = toUcum(body.edit.unit);
        if (unit === undefined) throw badRequest('validation_failed', [{ path: 'edit.unit', code: 'unit_invalid' }]);
        body = { ...body, edit: { ...body.edit, unit } };
      }
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
    /**
     * A page as an image: drawn once (in a child process, within PAGE_VIEW_PIXELS), then served from
     * memory; requests for a page being drawn wait for that drawing.
     */
    async page(userId: string, id: string, page: number): Promise<PageView> {
      const doc = await docOr404(userId, id);
      if (!doc.vaultItemId || (doc.pages !== undefined && page > doc.pages)) throw notFound('page_not_found');
      // a vault file never changes, and the document was just found to be this user's
      const key = `${doc.vaultItemId}:${page}`;
      let view = pageCache.get(key);
      if (view !== undefined) {
        pageCache.delete(key);
        pageCache.set(key, view); // most recently used goes last
      } else {
        let drawing = pageRendering.get(key);
        if (!drawing) {
          drawing = pageViews.run(userId, () => drawPage(userId, doc.name, doc.vaultItemId!, page, key)).finally(() => pageRendering.delete(key));
          pageRendering.set(key, drawing);
        }
        view = await drawing;
      }
      if (!view) throw notFound('page_not_found');
      return view;
    },

    /** Stops the readings running (the server closes); they are resumed at the next start. */
    close(): void {
      closing.abort();
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(await storage.remove(userId, id))) throw notFound('document_not_found');
    },
  };
}
export type DocumentsService = ReturnType<typeof documentsService>;
