import { create } from 'zustand';
import type { PatientFolder } from '@oncodesk/shared';
import { patientsApi } from '@oncodesk/shared/api';
import { dropCachedMatches } from './folderSearch';

/** The clinician's patient folders as the folders page lists them. */
interface FoldersState {
  folders: PatientFolder[] | null;
  error: boolean;
  load(): Promise<void>;
  upsert(folder: PatientFolder): void;
  remove(id: string): void;
}

export const useFolders = create<FoldersState>((set, get) => ({
  folders: null,
  error: false,
  async load() {
    try {
      const r = await patientsApi.list();
      set({ folders: r.patients, error: false });
    } catch {
      set({ error: true, folders: get().folders ?? [] });
    }
  },
  upsert(folder) {
    const list = get().folders ?? [];
    set({ folders: [folder, ...list.filter((f) => f.id !== folder.id)] });
  },
  remove(id) {
    set({ folders: (get().folders ?? []).filter((f) => f.id !== id) });
    dropCachedMatches(id);
  },
}));
