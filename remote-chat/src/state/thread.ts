import { create } from 'zustand';
import type { Chat, ChatMessage, FeedbackCategory, PostMessageResponse } from '@oncodesk/shared/contracts';
import { chatApi } from '../api/chat';
import { streamMessage } from '../api/stream';
import { errorText } from '../lib/errors';
import { useConversations } from './conversations';
import { streams } from './settings';

/** A question on its way: shown at once, then the answer as it streams (or a typing indicator). */
export interface Pending {
  token: number;
  question: string;
  /** The stored question, once the stream has sent it. */
  stored: ChatMessage | null;
  /** The answer written so far (streaming only). */
  streamed: string;
  /** Answers the model writes before this one (0: none, or not told). */
  queued: number;
  abort: AbortController | null;
}

interface ThreadState {
  chatId: string | null;
  chat: Chat | null;
  /** Null while the history loads. */
  messages: ChatMessage[] | null;
  loadError: string | null;
  pending: Pending | null;
  /** The last failed action, shown above the composer. */
  error: string | null;
  /** Messages with an edit or a regeneration in flight. */
  working: Record<string, boolean>;
  /** What is typed in each conversation's composer (kept on failure, pre-filled by "Ask about this"). */
  drafts: Record<string, string>;
  open(chatId: string | null): Promise<void>;
  setDraft(chatId: string, text: string): void;
  clearError(): void;
  send(content: string): Promise<void>;
  stop(): void;
  edit(messageId: string, content: string): Promise<boolean>;
  regenerate(messageId: string): Promise<void>;
  toggleUseful(message: ChatMessage): Promise<void>;
  feedback(messageId: string, category: FeedbackCategory, text?: string): Promise<void>;
}

let tokens = 0;
/** Questions the user stopped: whatever comes back for them is left out. */
const stopped = new Set<number>();

/** A question kept on screen after Stop, before (or without) its stored copy. */
const localQuestion = (chatId: string, token: number, content: string): ChatMessage => ({
  id: `local-${token}`,
  chatId,
  role: 'user',
  content,
  citations: [],
  qualified: false,
  feedback: null,
  createdAt: new Date().toISOString(),
});

export const isLocal = (m: ChatMessage) => m.id.startsWith('local-');

/** Puts an edited question and its new answer where the old pair was. */
function placeAnswer(messages: ChatMessage[], { userMessage, message }: PostMessageResponse, replacing: string | null): ChatMessage[] {
  const next = messages.map((m) => (m.id === userMessage.id ? userMessage : m));
  const at = replacing ? next.findIndex((m) => m.id === replacing) : -1;
  if (at !== -1) {
    next[at] = message;
    return next;
  }
  const q = next.findIndex((m) => m.id === userMessage.id);
  next.splice(q === -1 ? next.length : q + 1, 0, message);
  return next;
}

/** The open conversation: its messages and everything done to them. */
export const useThread = create<ThreadState>((set, get) => {
  const replace = (message: ChatMessage) => set((s) => ({ messages: (s.messages ?? []).map((m) => (m.id === message.id ? message : m)) }));
  const isCurrent = (token: number) => get().pending?.token === token;
  const withWorking = async (messageId: string, task: () => Promise<void>) => {
    set((s) => ({ working: { ...s.working, [messageId]: true }, error: null }));
    try {
      await task();
    } catch (e) {
      set({ error: errorText(e) });
    } finally {
      set((s) => ({ working: { ...s.working, [messageId]: false } }));
    }
  };

  return {
    chatId: null,
    chat: null,
    messages: null,
    loadError: null,
    pending: null,
    error: null,
    working: {},
    drafts: {},

    open: async (chatId) => {
      get().pending?.abort?.abort();
      set({ chatId, chat: null, messages: chatId ? null : [], loadError: null, pending: null, error: null, working: {} });
      if (!chatId) return;
      try {
        const { chat, messages } = await chatApi.history(chatId);
        if (get().chatId === chatId) set({ chat, messages });
      } catch (e) {
        if (get().chatId === chatId) set({ loadError: errorText(e) });
      }
    },

    setDraft: (chatId, text) => set((s) => ({ drafts: { ...s.drafts, [chatId]: text } })),
    clearError: () => set({ error: null }),

    send: async (content) => {
      const chatId = get().chatId;
      if (!chatId || get().pending || !content.trim()) return;
      const token = ++tokens;
      const abort = streams() ? new AbortController() : null;
      // the server titles a conversation after its first question: show that title in the list
      const first = !(get().messages ?? []).length;
      const retitle = () => first && void useConversations.getState().load(useConversations.getState().patientId);
      set((s) => ({ pending: { token, question: content, stored: null, streamed: '', queued: 0, abort }, error: null, drafts: { ...s.drafts, [chatId]: '' } }));
      let stored = false;
      // a failed question goes back to its composer, ahead of anything typed since: nothing is lost
      const giveBack = () =>
        set((s) => {
          const typed = s.drafts[chatId] ?? '';
          return { drafts: { ...s.drafts, [chatId]: typed.trim() ? `${content}\n${typed}` : content } };
        });
      try {
        if (abort) {
          await streamMessage(
            { chatId, content },
            {
              user: (m) => {
                stored = true;
                if (isCurrent(token)) set((s) => ({ messages: [...(s.messages ?? []), m], pending: s.pending && { ...s.pending, stored: m } }));
              },
              delta: (text) => isCurrent(token) && set((s) => ({ pending: s.pending && { ...s.pending, streamed: s.pending.streamed + text } })),
              queued: (position) => isCurrent(token) && set((s) => ({ pending: s.pending && { ...s.pending, queued: position } })),
              done: (m) => {
                if (!isCurrent(token)) return;
                set((s) => ({ messages: [...(s.messages ?? []), m], pending: null }));
                retitle();
              },
            },
            abort.signal,
          );
        } else {
          const answer = await chatApi.post({ chatId, content });
          if (stopped.has(token)) {
            // stopped: the question was stored all the same; the late answer is left out
            set((s) => ({ messages: (s.messages ?? []).map((m) => (m.id === `local-${token}` ? answer.userMessage : m)) }));
            return;
          }
          if (!isCurrent(token)) return; // left meanwhile: the history shows both when reopened
          set((s) => ({ messages: [...(s.messages ?? []), answer.userMessage, answer.message], pending: null }));
          retitle();
        }
      } catch (e) {
        if (stopped.has(token)) return;
        if (isCurrent(token)) set({ pending: null, error: errorText(e) });
        // also when the user left the conversation meanwhile: the question waits in its composer
        if (!stored) giveBack();
      }
    },

    stop: () => {
      const { pending, chatId } = get();
      if (!pending || !chatId) return;
      stopped.add(pending.token);
      pending.abort?.abort();
      set((s) => ({ pending: null, messages: pending.stored ? s.messages : [...(s.messages ?? []), localQuestion(chatId, pending.token, pending.question)] }));
    },

    edit: async (messageId, content) => {
      let ok = false;
      await withWorking(messageId, async () => {
        const messages = get().messages ?? [];
        const at = messages.findIndex((m) => m.id === messageId);
        const oldAnswer = messages[at + 1]?.role === 'assistant' ? messages[at + 1].id : null;
        const answer = await chatApi.patch({ messageId, content });
        set((s) => ({ messages: placeAnswer(s.messages ?? [], answer, oldAnswer) }));
        ok = true;
      });
      return ok;
    },

    regenerate: (messageId) =>
      withWorking(messageId, async () => {
        const answer = await chatApi.patch({ messageId });
        set((s) => ({ messages: placeAnswer(s.messages ?? [], answer, messageId) }));
      }),

    toggleUseful: (message) =>
      withWorking(message.id, async () => {
        replace(await (message.qualified ? chatApi.unqualify(message.id) : chatApi.qualify(message.id)));
      }),

    feedback: async (messageId, category, text) => {
      replace(await chatApi.feedback({ messageId, category, ...(text?.trim() ? { text: text.trim() } : {}) }));
    },
  };
});
