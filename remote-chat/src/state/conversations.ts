import { create } from 'zustand';
import type { Chat, ChatContext } from '@oncodesk/shared/contracts';
import { chatApi } from '../api/chat';
import { errorText } from '../lib/errors';

interface ConversationsState {
  /** Null while the list loads. */
  chats: Chat[] | null;
  /** Whose list is shown: one patient's, or (null) every conversation of the user. */
  patientId: string | null;
  error: string | null;
  load(patientId: string | null): Promise<void>;
  create(patientId: string | null, context?: ChatContext): Promise<Chat>;
  rename(chatId: string, title: string): Promise<void>;
  remove(chatId: string): Promise<void>;
}

const newestFirst = (chats: Chat[]) => [...chats].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));

/** The conversation list (all of the user's, or one patient's). */
export const useConversations = create<ConversationsState>((set, get) => ({
  chats: null,
  patientId: null,
  error: null,
  load: async (patientId) => {
    set({ patientId, error: null, ...(get().patientId !== patientId ? { chats: null } : {}) });
    try {
      const { chats } = await chatApi.list(patientId ?? undefined);
      if (get().patientId === patientId) set({ chats: newestFirst(chats) });
    } catch (e) {
      if (get().patientId === patientId) set({ chats: get().chats ?? [], error: errorText(e) });
    }
  },
  create: async (patientId, context) => {
    const chat = await chatApi.create({ ...(patientId ? { patientId } : {}), ...(context && Object.keys(context).length ? { context } : {}) });
    set((s) => ({ chats: [chat, ...(s.chats ?? []).filter((c) => c.id !== chat.id)] }));
    return chat;
  },
  rename: async (chatId, title) => {
    const chat = await chatApi.rename(chatId, title);
    set((s) => ({ chats: (s.chats ?? []).map((c) => (c.id === chat.id ? chat : c)) }));
  },
  remove: async (chatId) => {
    await chatApi.remove(chatId);
    set((s) => ({ chats: (s.chats ?? []).filter((c) => c.id !== chatId) }));
  },
}));
