import {
  Chat,
  ChatHistoryResponse,
  ChatListResponse,
  ChatMessage,
  ChatSettings,
  PostMessageResponse,
  type CreateChatRequest,
  type FeedbackRequest,
  type PatchMessageRequest,
  type PostMessageRequest,
} from '../contracts/chat';
import { apiClient } from '@oncodesk/shared';

/** The assistant's conversations and messages (every call is the signed-in user's own). */
export const chatApi = {
  settings: () => apiClient.get('/chat/settings', ChatSettings),
  create: (body: CreateChatRequest) => apiClient.post('/chat/', body, Chat),
  list: (patientId?: string) => apiClient.get(`/chat/${patientId ? `?${new URLSearchParams({ patient_id: patientId })}` : ''}`, ChatListResponse),
  rename: (chatId: string, title: string) => apiClient.patch('/chat/', { chatId, title }, Chat),
  remove: (chatId: string) => apiClient.delete('/chat/', null, undefined, { chatId }),
  history: (chatId: string) => apiClient.get(`/chat/history?${new URLSearchParams({ chatId })}`, ChatHistoryResponse),
  post: (body: PostMessageRequest) => apiClient.post('/chat/message', body, PostMessageResponse),
  /** Edits a question (its answer is written again) or, without content, regenerates an answer. */
  patch: (body: PatchMessageRequest) => apiClient.patch('/chat/message', body, PostMessageResponse),
  feedback: (body: FeedbackRequest) => apiClient.post('/chat/message/feedback', body, ChatMessage),
  qualify: (messageId: string) => apiClient.post('/chat/message/qualify', { messageId }, ChatMessage),
  unqualify: (messageId: string) => apiClient.delete('/chat/message/qualify', ChatMessage, undefined, { messageId }),
  /** URL of the streaming variant (server-sent events), for a fetch with the session header. */
  streamUrl: () => apiClient.url('/chat/message/stream'),
};
