import { configure, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { ReactElement } from 'react';
import { initI18n, registerLocales } from '@oncodesk/shared';
import type { Chat, ChatMessage } from '@oncodesk/shared/contracts';
import { useConversations } from '../state/conversations';
import { useChatSettings } from '../state/settings';
import { useThread } from '../state/thread';
import en from '../locales/en.json';
import es from '../locales/es.json';
import itLocale from '../locales/it.json';

// antd renders slowly in jsdom, more so on a busy machine: give async queries more time.
configure({ asyncUtilTimeout: 5000 });

let ready = false;
export function initChatI18n() {
  if (!ready) {
    initI18n('en-US');
    registerLocales('chat', { en, es, it: itLocale });
    ready = true;
  }
}

/** Where the app went: path, query and hash of the current location. */
function Where() {
  const l = useLocation();
  return <div data-testid="location">{`${l.pathname}${l.search}${l.hash}`}</div>;
}

/** Renders a page at a URL inside a router with the chat's paths, as a fresh app load (empty stores). */
export function renderAt(path: string, element: ReactElement) {
  useConversations.setState({ chats: null, patientId: null, error: null });
  useThread.setState({ chatId: null, chat: null, messages: null, loadError: null, pending: null, error: null, working: {}, drafts: {} });
  useChatSettings.setState({ settings: null });
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/chat" element={element} />
        <Route path="/chat/:chatId" element={element} />
        <Route path="*" element={<div data-testid="navigated" />} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

export const CHAT_ID = '11111111-1111-4111-8111-111111111111';
export const OTHER_CHAT_ID = '22222222-2222-4222-8222-222222222222';
let ids = 0;
/** A fresh message id (the server's are UUIDs). */
export const newId = () => `33333333-3333-4333-8333-${String(++ids).padStart(12, '0')}`;

export const chat = (over: Partial<Chat> = {}): Chat => ({
  id: CHAT_ID,
  patientId: 'p1',
  title: 'BRAF options',
  context: {},
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

export const message = (over: Partial<ChatMessage> = {}): ChatMessage => ({
  id: newId(),
  chatId: CHAT_ID,
  role: 'assistant',
  content: '',
  citations: [],
  qualified: false,
  feedback: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...over,
});
