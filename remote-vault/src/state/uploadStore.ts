import { create } from 'zustand';
import { i18next, ApiError } from '@oncodesk/shared';
import { vaultApi } from '../api/vault';
import { startTusUpload, type TusHandle } from '../upload/tus';
import { folderSegments, uploadProblem } from '../upload/validate';

export interface UploadEntry {
  id: string;
  name: string;
  size: number;
  sent: number;
  status: 'queued' | 'uploading' | 'done' | 'failed';
  /** Translated reason, shown as "Upload failed. {{error}}". */
  error: string | null;
}

export interface PickedFile {
  file: File;
  /** "folder/sub/file.pdf" for folder uploads, else just the name. */
  relativePath: string;
}

interface UploadState {
  entries: UploadEntry[];
  add(files: PickedFile[], parentId: string | null, onFileDone: () => void): void;
  cancel(id: string): void;
  clearFinished(): void;
}

const PARALLEL = 3;
const handles = new Map<string, TusHandle>();
let counter = 0;
const t = (key: string) => i18next.t(key, { ns: 'common' });

/** Upload queue: validates each file, creates its folders, uploads 3 at a time with per-file progress. */
export const useUploadStore = create<UploadState>((set, get) => {
  const patch = (id: string, values: Partial<UploadEntry>) => set({ entries: get().entries.map((e) => (e.id === id ? { ...e, ...values } : e)) });
  const jobs: (() => Promise<void>)[] = [];
  let running = 0;
  const pump = () => {
    while (running < PARALLEL && jobs.length) {
      const job = jobs.shift()!;
      running++;
      void job().finally(() => {
        running--;
        pump();
      });
    }
  };

  return {
    entries: [],
    add(files, parentId, onFileDone) {
      for (const picked of files) {
        const id = `u${++counter}`;
        const problem = uploadProblem(picked.file);
        set({ entries: [...get().entries, { id, name: picked.relativePath || picked.file.name, size: picked.file.size, sent: 0, status: problem ? 'failed' : 'queued', error: problem ? t(problem) : null }] });
        if (problem) continue;
        jobs.push(async () => {
          let target = parentId;
          const segments = folderSegments(picked.relativePath);
          try {
            if (segments.length) target = (await vaultApi.ensurePath(parentId, segments)).id;
          } catch (error) {
            patch(id, { status: 'failed', error: error instanceof ApiError ? error.message : t('errors.vault_upload_internal') });
            return;
          }
          patch(id, { status: 'uploading' });
          await new Promise<void>((resolve) => {
            const handle = startTusUpload(picked.file, target, {
                onProgress: (sent) => patch(id, { sent }),
                onSuccess: () => {
                  patch(id, { status: 'done', sent: picked.file.size });
                  onFileDone();
                  resolve();
                },
                onError: (code, message) => {
                  patch(id, { status: 'failed', error: code ? t(`errors.${code}`) : message || t('errors.vault_upload_internal') });
                  resolve();
                },
            });
            // Cancelling frees the queue slot too.
            handles.set(id, { abort: () => (handle.abort(), resolve()) });
          });
          handles.delete(id);
        });
      }
      pump();
    },
    cancel(id) {
      handles.get(id)?.abort();
      handles.delete(id);
      set({ entries: get().entries.filter((e) => e.id !== id) });
    },
    clearFinished: () => set({ entries: get().entries.filter((e) => e.status === 'queued' || e.status === 'uploading') }),
  };
});
