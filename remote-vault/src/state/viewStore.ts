import { create } from 'zustand';
import { storage, type VaultDateFilter, type VaultSort, type VaultTypeFilter } from '@oncodesk/shared';

export type ViewType = 'mosaic' | 'list';

interface ViewState {
  viewType: ViewType;
  sort: VaultSort;
  date: VaultDateFilter;
  type: VaultTypeFilter;
  setViewType(v: ViewType): void;
  setSort(v: VaultSort): void;
  setDate(v: VaultDateFilter): void;
  setType(v: VaultTypeFilter): void;
}

/** How the vault is shown. The view type is remembered across visits (storage key vaultViewType). */
export const useViewStore = create<ViewState>((set) => ({
  viewType: storage.get('vaultViewType'),
  sort: 'name_asc',
  date: 'all',
  type: 'all',
  setViewType: (viewType) => {
    storage.set('vaultViewType', viewType);
    set({ viewType });
  },
  setSort: (sort) => set({ sort }),
  setDate: (date) => set({ date }),
  setType: (type) => set({ type }),
}));
