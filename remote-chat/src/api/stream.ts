import { ApiError, storage, toApiError } from '@oncodesk/shared';
import { ChatMessage, StreamDelta, StreamQueued, type PostMessageRequest } from '@oncodesk/shared/contracts';
import { chatApi } from './chat';
import { parseSse } from './sse';

export interface StreamHandlers {
  /** The stored question. */
  user(message: ChatMessage): void;
  /** More of the answer as it is written. */
  delta(text: string): void;
  /** Answers the server's model writes before this one (an in-process model answers one at a time); 0 when it starts. */
  queued?(position: number): void;
  /** The stored answer. */
  done(message: ChatMessage): void;
}

/**
 * Asks a question on the streaming route (server-sent events over a POST, so fetch rather than
 * EventSource, which cannot send a body or the session header). Rejects with an ApiError on an HTTP
 * error or an `error` event; an abort rejects with the AbortError.
 */
export async function streamMessage(body: PostMessageRequest, on: StreamHandlers, signal: AbortSignal): Promise<void> {
  let response: Response;
  try {
    response = await fetch(chatApi.streamUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${storage.get('jwt') ?? ''}`, 'accept-language': storage.get('language') },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new ApiError(0, 'network', error instanceof Error ? error.message : 'Network error');
  }
  if (!response.ok || !response.body) throw await toApiError(response);

  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let finished = false;
  for (;;) {
    const { value, done } = await reader.read();
    buffer += decoder.decode(value, { stream: !done });
    const { events, rest } = parseSse(done ? `${buffer}\n\n` : buffer);
    buffer = rest;
    for (const e of events) {
      const data = JSON.parse(e.data) as unknown;
      if (e.event === 'user') on.user(ChatMessage.parse(data));
      else if (e.event === 'delta') on.delta(StreamDelta.parse(data).text);
      else if (e.event === 'queued') on.queued?.(StreamQueued.parse(data).position);
      else if (e.event === 'done') {
        on.done(ChatMessage.parse(data));
        finished = true;
      } else if (e.event === 'error') {
        const code = (data as { code?: unknown }).code;
        throw new ApiError(response.status, typeof code === 'string' ? code : 'internal', 'stream error');
      }
    }
    if (done) break;
  }
  // a stream cut before its `done` is a failed answer, not a silent one
  if (!finished) throw new ApiError(0, 'network', 'stream ended early');
}
