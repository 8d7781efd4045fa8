import { create } from 'zustand';
import { storage } from '@oncodesk/shared';

interface UiState {
  /** Desktop sidebar expanded (242px) or minimized (64px); remembered. */
  expanded: boolean;
  /** Mobile sidebar open (full width) or hidden. */
  mobileOpen: boolean;
  toggleExpanded(): void;
  setMobileOpen(open: boolean): void;
}

export const useUiStore = create<UiState>((set, get) => ({
  expanded: storage.get('expandedStatus'),
  mobileOpen: false,
  toggleExpanded() {
    const expanded = !get().expanded;
    storage.set('expandedStatus', expanded);
    set({ expanded });
  },
  setMobileOpen: (mobileOpen) => set({ mobileOpen }),
}));

/** The spec's mobile breakpoint. */
export const MOBILE_QUERY = '(max-width: 600px)';
