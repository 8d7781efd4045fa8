import { z } from 'zod';
import { safeText } from './text';

/**
 * The assistant chat. A conversation is general or tied to a patient folder, optionally opened on a
 * trial, a search or a recommendation ("Ask about this"). Every assistant answer carries the sources it
 * came from; an answer the sources cannot give says so (`declined`).
 */

export const ChatContext = z.object({
  trialId: z.string().max(64).optional(),
  searchKey: z.string().max(200).optional(),
  recommendationId: z.string().max(120).optional(),
});
export type ChatContext = z.infer<typeof ChatContext>;

export const CitationKind = z.enum(['trial', 'criterion', 'guideline', 'evidence', 'patient', 'document']);
export type CitationKind = z.infer<typeof CitationKind>;

/**
 * A source an answer rests on, with what the interface needs to open it: the trial (and criterion id
 * within its match), the recommendation, the CIViC evidence item, the patient's answers, a report page.
 */
export const Citation = z.object({
  kind: CitationKind,
  id: z.string().max(200),
  label: z.string().max(300),
  patientId: z.string().optional(),
  trialId: z.string().optional(),
  documentId: z.string().optional(),
  page: z.number().int().optional(),
  url: z.string().max(500).optional(),
});
export type Citation = z.infer<typeof Citation>;

export const FeedbackCategory = z.enum(['irrelevant', 'incorrect', 'inappropriate'], { error: 'feedback_category_required' });
export type FeedbackCategory = z.infer<typeof FeedbackCategory>;

export const ChatMessage = z.object({
  id: z.string(),
  chatId: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  citations: z.array(Citation),
  /** Assistant: the sources did not hold the answer, and it says so. */
  declined: z.boolean().optional(),
  /** Assistant: what answered (the embedded engine, or the configured model). */
  engine: z.enum(['embedded', 'model']).optional(),
  /** Assistant: generation failed (the user's question is kept; ask again). */
  failed: z.boolean().optional(),
  qualified: z.boolean(),
  feedback: z.object({ category: FeedbackCategory, text: z.string().optional(), at: z.string() }).nullable(),
  createdAt: z.string(),
  editedAt: z.string().optional(),
});
export type ChatMessage = z.infer<typeof ChatMessage>;

export const Chat = z.object({
  id: z.string(),
  patientId: z.string().nullable(),
  title: z.string(),
  context: ChatContext,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Chat = z.infer<typeof Chat>;

const ChatId = z.uuid({ error: 'not_found' });
const MessageId = z.uuid({ error: 'not_found' });
/** What a user may type: not empty, not a book. */
export const ChatText = z.string().trim().min(1, { error: 'required' }).max(2000, { error: 'too_long' });

/** POST /chat/ */
export const CreateChatRequest = z.object({ patientId: z.string().min(1).max(64).optional(), context: ChatContext.optional(), title: safeText(120).pipe(z.string().min(1, { error: 'required' })).optional() });
export type CreateChatRequest = z.infer<typeof CreateChatRequest>;
/** GET /chat/?patient_id= (without it: every conversation of the user). */
export const ChatListQuery = z.object({ patient_id: z.string().min(1).max(64).optional() });
export const ChatListResponse = z.object({ chats: z.array(Chat) });
export type ChatListResponse = z.infer<typeof ChatListResponse>;
/** DELETE /chat/ */
export const DeleteChatRequest = z.object({ chatId: ChatId });
/** PATCH /chat/ (rename) */
export const RenameChatRequest = z.object({ chatId: ChatId, title: safeText(120).pipe(z.string().min(1, { error: 'required' })) });

/** POST /chat/message: the user's question and the assistant's answer. */
export const PostMessageRequest = z.object({ chatId: ChatId, content: ChatText });
export type PostMessageRequest = z.infer<typeof PostMessageRequest>;
export const PostMessageResponse = z.object({ userMessage: ChatMessage, message: ChatMessage });
export type PostMessageResponse = z.infer<typeof PostMessageResponse>;
/** PATCH /chat/message: edit a question (its answer is generated again), or regenerate an answer. */
export const PatchMessageRequest = z.object({ messageId: MessageId, content: ChatText.optional() });
export type PatchMessageRequest = z.infer<typeof PatchMessageRequest>;

/** POST /chat/message/feedback */
export const FeedbackRequest = z.object({ messageId: MessageId, category: FeedbackCategory, text: z.string().trim().max(1000, { error: 'too_long' }).optional() });
export type FeedbackRequest = z.infer<typeof FeedbackRequest>;
/** POST and DELETE /chat/message/qualify */
export const QualifyRequest = z.object({ messageId: MessageId });

/** GET /chat/history?chatId= */
export const ChatHistoryQuery = z.object({ chatId: ChatId });
export const ChatHistoryResponse = z.object({ chat: Chat, messages: z.array(ChatMessage) });
export type ChatHistoryResponse = z.infer<typeof ChatHistoryResponse>;

/**
 * GET /chat/settings: whether a model answers and where patient data then goes (nothing else is said).
 * `local`: the model runs inside the server (LLM_GGUF_PATH): the data stays there; `queued`: answers
 * waiting for it now (an in-process model writes one at a time).
 */
export const ChatSettings = z.object({
  engine: z.enum(['embedded', 'model']),
  model: z.object({ name: z.string(), host: z.string(), local: z.boolean().optional(), queued: z.number().int().min(0).optional() }).nullable(),
});
export type ChatSettings = z.infer<typeof ChatSettings>;

/**
 * POST /chat/message/stream answers server-sent events: `user` (the stored question), `delta` ({ text })
 * as the answer is written, then `done` (the stored ChatMessage) or `error` ({ code }). With an
 * in-process model a question may wait: `queued` ({ position }: answers ahead of it; 0 when its answer
 * starts) comes before its deltas.
 */
export const StreamDelta = z.object({ text: z.string() });
export const StreamQueued = z.object({ position: z.number().int().min(0) });
