import { create } from 'zustand';
import type { ChatSettings } from '@oncodesk/shared/contracts';
import { chatApi } from '../api/chat';

interface SettingsState {
  /** Null until known; an unknown engine answers as the embedded one (plain POST, nothing said about a model). */
  settings: ChatSettings | null;
  load(): Promise<void>;
}

/** Which engine answers, asked once per page: it decides streaming and what the disclaimer says. */
export const useChatSettings = create<SettingsState>((set, get) => ({
  settings: null,
  load: async () => {
    if (get().settings) return;
    try {
      set({ settings: await chatApi.settings() });
    } catch {
      // without settings the page still works; only the model line and streaming are left out
    }
  },
}));

export const streams = () => useChatSettings.getState().settings?.engine === 'model';
