import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  Chat,
  ChatHistoryQuery,
  ChatHistoryResponse,
  ChatListQuery,
  ChatListResponse,
  ChatMessage,
  ChatSettings,
  CreateChatRequest,
  DeleteChatRequest,
  FeedbackRequest,
  PatchMessageRequest,
  PostMessageRequest,
  PostMessageResponse,
  QualifyRequest,
  RenameChatRequest,
} from '@oncodesk/shared/contracts';
import { languageOf } from '../http/messages';
import type { ChatService } from './service';

/**
 * The assistant's routes (the spec's `/chat/` calls), all for the signed-in user's own conversations.
 * Answers are in the interface language (Accept-Language). POST /chat/message/stream is the same as
 * POST /chat/message as server-sent events (`user`, `queued`..., `delta`..., `done` | `error`); closing
 * the request stops the answer (and takes a waiting question out of the in-process model's queue).
 */
export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (app, { chat }) => {
  const tags = ['chat'];
  const security = [{ bearer: [] }];
  const lang = (h: string | undefined) => languageOf(h);

  app.get('/chat/settings', { schema: { tags, security, response: { 200: ChatSettings } } }, async () => chat.settings());
  app.post('/chat/', { schema: { tags, security, body: CreateChatRequest, response: { 201: Chat } } }, async (request, reply) =>
    reply.status(201).send(await chat.create(request.userId, request.body, lang(request.headers['accept-language']))),
  );
  app.get('/chat/', { schema: { tags, security, querystring: ChatListQuery, response: { 200: ChatListResponse } } }, async (request) => ({ chats: await chat.list(request.userId, request.query.patient_id) }));
  app.patch('/chat/', { schema: { tags, security, body: RenameChatRequest, response: { 200: Chat } } }, async (request) => chat.rename(request.userId, request.body.chatId, request.body.title));
  app.delete('/chat/', { schema: { tags, security, body: DeleteChatRequest } }, async (request, reply) => {
    await chat.remove(request.userId, request.body.chatId);
    return reply.status(204).send();
  });
  app.get('/chat/history', { schema: { tags, security, querystring: ChatHistoryQuery, response: { 200: ChatHistoryResponse } } }, async (request) => chat.history(request.userId, request.query.chatId));

  app.post('/chat/message', { schema: { tags, security, body: PostMessageRequest, response: { 200: PostMessageResponse } } }, async (request) =>
    chat.post(request.userId, request.body.chatId, request.body.content, lang(request.headers['accept-language'])),
  );
  app.patch('/chat/message', { schema: { tags, security, body: PatchMessageRequest, response: { 200: PostMessageResponse } } }, async (request) =>
    chat.patch(request.userId, request.body, lang(request.headers['accept-language'])),
  );
  app.post('/chat/message/feedback', { schema: { tags, security, body: FeedbackRequest, response: { 200: ChatMessage } } }, async (request) => chat.feedback(request.userId, request.body));
  app.post('/chat/message/qualify', { schema: { tags, security, body: QualifyRequest, response: { 200: ChatMessage } } }, async (request) => chat.qualify(request.userId, request.body.messageId, true));
  app.delete('/chat/message/qualify', { schema: { tags, security, body: QualifyRequest, response: { 200: ChatMessage } } }, async (request) => chat.qualify(request.userId, request.body.messageId, false));

  app.post('/chat/message/stream', { schema: { tags, security, body: PostMessageRequest } }, async (request, reply) => {
    const abort = new AbortController();
    // the client left (the Stop button): stop writing the answer
    request.raw.on('close', () => !reply.raw.writableEnded && abort.abort());
    let started = false;
    const send = (event: string, data: unknown) => {
      if (!started) {
        reply.hijack();
        reply.raw.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no' });
        started = true;
      }
      reply.raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    };
    try {
      const r = await chat.post(request.userId, request.body.chatId, request.body.content, lang(request.headers['accept-language']), {
        signal: abort.signal,
        onQuestion: (m) => send('user', m),
        onDelta: (text) => send('delta', { text }),
        // an in-process model writes one answer at a time: how many are ahead of this one
        onQueue: (position) => send('queued', { position }),
      });
      send('done', r.message);
    } catch (e) {
      // before anything was sent (an unknown chat): the usual JSON error
      if (!started) throw e;
      if (!abort.signal.aborted) send('error', { code: 'generation_failed' });
    }
    if (started) reply.raw.end();
    return reply;
  });
};
