import type { Chat, ChatContext, ChatMessage, ChatSettings, CreateChatRequest, FeedbackRequest, PatchMessageRequest } from '@oncodesk/shared/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest, notFound } from '../http/errors';
import type { PatientsService } from '../patients/service';
import { answerQuestion, detectLanguage, focusOf, type Answer, type Lang } from './engine';
import { ModelAnswerError, type ModelAnswerer, type ModelAnswerOptions } from './model';
import { sourcesFor, type SourceDeps } from './sources';
import type { ChatStorage, NewAnswer } from './storage';

export interface ChatDeps extends SourceDeps {
  storage: ChatStorage;
  patients: PatientsService;
  model: ModelAnswerer | null;
  log: FastifyBaseLogger;
}

const DEFAULT_TITLES: Record<Lang, string> = { en: 'New conversation', es: 'Nueva conversación', it: 'Nuova conversazione' };
const titleOf = (context: ChatContext, fallback: string) => (context.trialId ? `${fallback} · ${context.trialId}` : fallback);

/**
 * Conversations with the assistant. An answer is the embedded engine's (extractive, cited) unless a model
 * is configured: then the model writes it from the same sources, and an answer it cannot back with them
 * falls back to the embedded one. A failure is stored as a failed answer: the question is never lost.
 */
export function chatService(deps: ChatDeps) {
  const { storage, patients, model, log } = deps;

  async function chatOr404(userId: string, chatId: string): Promise<Chat> {
    const c = await storage.get(userId, chatId);
    if (!c) throw notFound('chat_not_found');
    return c;
  }
  async function messageOr404(userId: string, messageId: string) {
    const m = await storage.message(userId, messageId);
    if (!m) throw notFound('message_not_found');
    return m;
  }

  /**
   * The answer to a question in a conversation, in the language the question is written in (the interface
   * language when the question does not tell), about what the conversation is about now (the messages
   * before it); `onDelta` receives the text as it is written.
   */
  async function generate(userId: string, chat: Chat, question: string, uiLang: Lang, history: ChatMessage[], opts: ModelAnswerOptions = {}): Promise<NewAnswer> {
    // a question that does not tell its language ("PgR?", "ecog") is answered in the conversation's: the last question's
    const previous = [...history].reverse().find((m) => m.role === 'user');
    const lang = detectLanguage(question, previous ? detectLanguage(previous.content, uiLang) : uiLang);
    try {
      const sources = await sourcesFor(deps, userId, { ...chat, context: focusOf(chat.context, history) });
      const retrieved = await answerQuestion(question, sources, lang);
      // a local model that did not load leaves the embedded engine answering
      if (!model?.available() || retrieved.declined || !retrieved.citations.length) {
        opts.onDelta?.(retrieved.content);
        return { ...retrieved, engine: 'embedded' };
      }
      try {
        const written: Answer = await model.answer(question, retrieved, lang, opts);
        return { ...written, engine: 'model' };
      } catch (e) {
        if (opts.signal?.aborted) throw e;
        // the model could not back its answer with the sources (or failed): the sources' own answer stands
        log.warn({ code: e instanceof ModelAnswerError ? e.code : 'model_failed' }, 'chat: model answer dropped');
        opts.onDelta?.(`\n\n${retrieved.content}`);
        return { ...retrieved, engine: 'embedded' };
      }
    } catch (e) {
      if (opts.signal?.aborted) throw e;
      log.error({ err: e }, 'chat: answer failed');
      return { content: '', citations: [], failed: true };
    }
  }

  return {
    settings(): ChatSettings {
      if (!model?.available()) return { engine: 'embedded', model: null };
      return { engine: 'model', model: { name: model.name, host: model.host, local: model.local, ...(model.local ? { queued: model.queued() } : {}) } };
    },

    async create(userId: string, body: CreateChatRequest, lang: Lang): Promise<Chat> {
      const context = body.context ?? {};
      if (body.patientId) await patients.row(userId, body.patientId);
      // a trial is catalogue data, asked about with or without a patient ("Ask about this trial" from the catalogue);
      // an option is one patient's recommendation
      else if (context.recommendationId) throw badRequest('validation_failed', [{ path: 'patientId', code: 'required' }]);
      const fallback = body.patientId ? (await patients.get(userId, body.patientId)).name : DEFAULT_TITLES[lang];
      return storage.create(userId, body.patientId ?? null, body.title ?? titleOf(context, fallback), context);
    },
    list: (userId: string, patientId?: string) => storage.list(userId, patientId),
    async rename(userId: string, chatId: string, title: string): Promise<Chat> {
      const c = await storage.rename(userId, chatId, title);
      if (!c) throw notFound('chat_not_found');
      return c;
    },
    async remove(userId: string, chatId: string): Promise<void> {
      if (!(await storage.remove(userId, chatId))) throw notFound('chat_not_found');
    },
    async history(userId: string, chatId: string) {
      const chat = await chatOr404(userId, chatId);
      return { chat, messages: await storage.messages(chatId) };
    },

    /** Stores the question first (nothing typed is lost), then the answer. */
    async post(userId: string, chatId: string, content: string, lang: Lang, opts: ModelAnswerOptions & { onQuestion?: (m: ChatMessage) => void } = {}) {
      const chat = await chatOr404(userId, chatId);
      // a general conversation is named by its first question (a patient's by the patient)
      const history = await storage.messages(chatId);
      if (!chat.patientId && Object.values(DEFAULT_TITLES).includes(chat.title) && !history.length) await storage.rename(userId, chatId, content.slice(0, 80));
      const userMessage = await storage.addQuestion(chatId, content);
      opts.onQuestion?.(userMessage);
      const answer = await generate(userId, chat, content, lang, history, opts);
      return { userMessage, message: await storage.addAnswer(chatId, answer) };
    },

    /** Edits a question and writes its answer again, or (on an answer) regenerates it. */
    async patch(userId: string, body: PatchMessageRequest, lang: Lang) {
      const { message, chat } = await messageOr404(userId, body.messageId);
      const all = await storage.messages(chat.id);
      const at = all.findIndex((m) => m.id === message.id);
      let question: ChatMessage | undefined;
      let answer: ChatMessage | undefined;
      if (message.role === 'user') {
        if (body.content === undefined) throw badRequest('validation_failed', [{ path: 'content', code: 'required' }]);
        question = await storage.editQuestion(message.id, body.content);
        const next = all[at + 1];
        answer = next?.role === 'assistant' ? next : undefined;
      } else {
        if (body.content !== undefined) throw badRequest('validation_failed', [{ path: 'content', code: 'answer_not_editable' }]);
        answer = message;
        question = [...all.slice(0, at)].reverse().find((m) => m.role === 'user');
        if (!question) throw notFound('message_not_found');
      }
      const generated = await generate(userId, chat, question.content, lang, all.slice(0, all.findIndex((m) => m.id === question!.id)));
      const next = answer ? await storage.replaceAnswer(answer.id, generated) : await storage.addAnswer(chat.id, generated);
      return { userMessage: question, message: next };
    },

    async feedback(userId: string, body: FeedbackRequest): Promise<ChatMessage> {
      const { message } = await messageOr404(userId, body.messageId);
      if (message.role !== 'assistant') throw badRequest('validation_failed', [{ path: 'messageId', code: 'not_an_answer' }]);
      return storage.setFeedback(message.id, body.category, body.text || undefined);
    },
    async qualify(userId: string, messageId: string, on: boolean): Promise<ChatMessage> {
      const { message } = await messageOr404(userId, messageId);
      if (message.role !== 'assistant') throw badRequest('validation_failed', [{ path: 'messageId', code: 'not_an_answer' }]);
      return storage.setQualified(message.id, on);
    },
  };
}
export type ChatService = ReturnType<typeof chatService>;
