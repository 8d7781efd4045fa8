import { sql, type ColumnType, type Kysely } from 'kysely';
import type { Chat, ChatContext, ChatMessage, Citation, FeedbackCategory } from '@oncodesk/shared/contracts';
import type { Database, Timestamp } from '../db/schema';

/** Tables of migration 0930_chat. */
interface ChatsTable {
  id: ColumnType<string, string | undefined, never>;
  user_id: string;
  patient_id: string | null;
  title: string;
  context: ColumnType<unknown, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
interface ChatMessagesTable {
  id: ColumnType<string, string | undefined, never>;
  chat_id: string;
  role: string;
  content: string;
  citations: ColumnType<unknown, string | undefined, string>;
  /** declined, engine, failed */
  meta: ColumnType<unknown, string | undefined, string>;
  qualified: ColumnType<boolean, boolean | undefined, boolean>;
  feedback: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: Timestamp;
  edited_at: ColumnType<Date | null, Date | null | undefined, Date | string | null>;
}
export interface ChatTables {
  chats: ChatsTable;
  chat_messages: ChatMessagesTable;
}

type ChatRow = { id: string; patient_id: string | null; title: string; context: unknown; created_at: Date | string; updated_at: Date | string };
type MessageRow = { id: string; chat_id: string; role: string; content: string; citations: unknown; meta: unknown; qualified: boolean; feedback: unknown; created_at: Date | string; edited_at: Date | string | null };

const iso = (d: Date | string) => new Date(d).toISOString();
const toChat = (r: ChatRow): Chat => ({ id: r.id, patientId: r.patient_id, title: r.title, context: (r.context ?? {}) as ChatContext, createdAt: iso(r.created_at), updatedAt: iso(r.updated_at) });
const toMessage = (r: MessageRow): ChatMessage => {
  const meta = (r.meta ?? {}) as { declined?: boolean; engine?: 'embedded' | 'model'; failed?: boolean };
  return {
    id: r.id,
    chatId: r.chat_id,
    role: r.role as ChatMessage['role'],
    content: r.content,
    citations: (r.citations ?? []) as Citation[],
    ...(meta.declined ? { declined: true } : {}),
    ...(meta.engine ? { engine: meta.engine } : {}),
    ...(meta.failed ? { failed: true } : {}),
    qualified: r.qualified,
    feedback: (r.feedback as ChatMessage['feedback']) ?? null,
    createdAt: iso(r.created_at),
    ...(r.edited_at ? { editedAt: iso(r.edited_at) } : {}),
  };
};

export interface NewAnswer {
  content: string;
  citations: Citation[];
  declined?: boolean;
  engine?: 'embedded' | 'model';
  failed?: boolean;
}

/** Conversations and messages; every query names the user who owns them (a message through its chat). */
export function chatStorage(database: Kysely<Database>) {
  const db = database;
  const chatCols = ['id', 'patient_id', 'title', 'context', 'created_at', 'updated_at'] as const;
  const msgCols = ['chat_messages.id', 'chat_id', 'role', 'content', 'citations', 'meta', 'qualified', 'feedback', 'chat_messages.created_at', 'edited_at'] as const;
  const touch = (chatId: string) => db.updateTable('chats').set({ updated_at: sql`now()` }).where('id', '=', chatId).execute();
  return {
    async create(userId: string, patientId: string | null, title: string, context: ChatContext): Promise<Chat> {
      const r = await db.insertInto('chats').values({ user_id: userId, patient_id: patientId, title, context: JSON.stringify(context) }).returning(chatCols).executeTakeFirstOrThrow();
      return toChat(r as ChatRow);
    },
    async get(userId: string, chatId: string): Promise<Chat | null> {
      const r = await db.selectFrom('chats').select(chatCols).where('user_id', '=', userId).where('id', '=', chatId).executeTakeFirst();
      return r ? toChat(r as ChatRow) : null;
    },
    async list(userId: string, patientId?: string): Promise<Chat[]> {
      let q = db.selectFrom('chats').select(chatCols).where('user_id', '=', userId);
      if (patientId) q = q.where('patient_id', '=', patientId);
      return (await q.orderBy('updated_at', 'desc').execute()).map((r) => toChat(r as ChatRow));
    },
    async rename(userId: string, chatId: string, title: string): Promise<Chat | null> {
      const r = await db.updateTable('chats').set({ title, updated_at: sql`now()` }).where('user_id', '=', userId).where('id', '=', chatId).returning(chatCols).executeTakeFirst();
      return r ? toChat(r as ChatRow) : null;
    },
    async remove(userId: string, chatId: string): Promise<boolean> {
      const r = await db.deleteFrom('chats').where('user_id', '=', userId).where('id', '=', chatId).executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },
    async messages(chatId: string): Promise<ChatMessage[]> {
      const rows = await db.selectFrom('chat_messages').select(msgCols).where('chat_id', '=', chatId).orderBy('chat_messages.created_at').execute();
      return rows.map((r) => toMessage(r as MessageRow));
    },
    /** A message with its chat, only if the chat is the user's. */
    async message(userId: string, messageId: string): Promise<{ message: ChatMessage; chat: Chat } | null> {
      const r = await db
        .selectFrom('chat_messages')
        .innerJoin('chats', 'chats.id', 'chat_messages.chat_id')
        .select([...msgCols, 'chats.patient_id', 'chats.title', 'chats.context', 'chats.created_at as chat_created', 'chats.updated_at as chat_updated'])
        .where('chats.user_id', '=', userId)
        .where('chat_messages.id', '=', messageId)
        .executeTakeFirst();
      if (!r) return null;
      const row = r as unknown as MessageRow & { patient_id: string | null; title: string; context: unknown; chat_created: Date; chat_updated: Date };
      return { message: toMessage(row), chat: toChat({ id: row.chat_id, patient_id: row.patient_id, title: row.title, context: row.context, created_at: row.chat_created, updated_at: row.chat_updated }) };
    },
    async addQuestion(chatId: string, content: string): Promise<ChatMessage> {
      const r = await db.insertInto('chat_messages').values({ chat_id: chatId, role: 'user', content }).returning(msgCols).executeTakeFirstOrThrow();
      await touch(chatId);
      return toMessage(r as MessageRow);
    },
    async addAnswer(chatId: string, a: NewAnswer): Promise<ChatMessage> {
      const meta = JSON.stringify({ declined: a.declined || undefined, engine: a.engine, failed: a.failed || undefined });
      const r = await db.insertInto('chat_messages').values({ chat_id: chatId, role: 'assistant', content: a.content, citations: JSON.stringify(a.citations), meta }).returning(msgCols).executeTakeFirstOrThrow();
      await touch(chatId);
      return toMessage(r as MessageRow);
    },
    /** An answer written again in place (regenerate, or after its question was edited): feedback and marker start over. */
    async replaceAnswer(messageId: string, a: NewAnswer): Promise<ChatMessage> {
      const meta = JSON.stringify({ declined: a.declined || undefined, engine: a.engine, failed: a.failed || undefined });
      const r = await db
        .updateTable('chat_messages')
        .set({ content: a.content, citations: JSON.stringify(a.citations), meta, qualified: false, feedback: null, edited_at: new Date() })
        .where('id', '=', messageId)
        .returning(msgCols)
        .executeTakeFirstOrThrow();
      return toMessage(r as MessageRow);
    },
    async editQuestion(messageId: string, content: string): Promise<ChatMessage> {
      const r = await db.updateTable('chat_messages').set({ content, edited_at: new Date() }).where('id', '=', messageId).returning(msgCols).executeTakeFirstOrThrow();
      return toMessage(r as MessageRow);
    },
    async setFeedback(messageId: string, category: FeedbackCategory, text: string | undefined): Promise<ChatMessage> {
      const feedback = JSON.stringify({ category, ...(text ? { text } : {}), at: new Date().toISOString() });
      const r = await db.updateTable('chat_messages').set({ feedback }).where('id', '=', messageId).returning(msgCols).executeTakeFirstOrThrow();
      return toMessage(r as MessageRow);
    },
    async setQualified(messageId: string, qualified: boolean): Promise<ChatMessage> {
      const r = await db.updateTable('chat_messages').set({ qualified }).where('id', '=', messageId).returning(msgCols).executeTakeFirstOrThrow();
      return toMessage(r as MessageRow);
    },
  };
}
export type ChatStorage = ReturnType<typeof chatStorage>;
