import type OpenAI from 'openai';
import type { Citation } from '@oncodesk/shared/contracts';
import type { Answer, Lang } from './engine';

/**
 * The optional language model, in one of two forms with one contract: any OpenAI-compatible endpoint
 * (Ollama, vLLM, llama.cpp's server, a hosted API) through the `openai` client (6.x, the last major on
 * Node 20), here, or a GGUF file run in this process (localModel.ts). Either is given the sources the
 * embedded engine retrieved, numbered (`systemPrompt`), and must answer only from them, citing [n]. The
 * server keeps only answers whose citations all name a given source and that cite at least one
 * (`modelAnswer`); anything else is dropped (the caller then answers with the embedded engine).
 */
export interface ModelConfig {
  baseUrl: string;
  model: string;
  apiKey?: string;
  /** Per answer, ms. */
  timeoutMs?: number;
}

const LANG_NAME: Record<Lang, string> = { en: 'English', es: 'Spanish', it: 'Italian' };

export class ModelAnswerError extends Error {
  constructor(readonly code: 'model_failed' | 'model_uncited' | 'model_bad_citation' | 'model_timeout' | 'model_unavailable') {
    super(code);
  }
}

export interface ModelAnswerOptions {
  signal?: AbortSignal;
  onDelta?: (text: string) => void;
  /** Answers waiting before this one (an in-process model writes one at a time): called as it changes, 0 when it starts. */
  onQueue?: (position: number) => void;
}

/** What the chat service needs of a model, wherever it runs. */
export interface ModelAnswerer {
  name: string;
  /** Where the patient data in a question goes: the endpoint's host, or `in-process` for a local model. */
  host: string;
  /** True when the model runs in this process (nothing leaves the server). */
  local: boolean;
  /** False once a local model failed to load: the embedded engine answers alone. */
  available(): boolean;
  /** Answers waiting for the model now (always 0 for an endpoint, which queues on its side). */
  queued(): number;
  /**
   * Streams the model's answer (text deltas through `onDelta`), then checks its citations. Throws
   * ModelAnswerError when the model fails, times out, cites nothing or cites a source it was not given;
   * the signal's reason when aborted.
   */
  answer(question: string, retrieved: Answer, lang: Lang, opts?: ModelAnswerOptions): Promise<Answer>;
  /** Releases the model (app close). */
  close(): Promise<void>;
}

/** The numbered sources the model sees: each citation with the lines of the retrieved answer that cite it. */
export function sourcePacket(retrieved: Answer): string {
  const lines = retrieved.content.split('\n');
  return retrieved.citations
    .map((c, i) => {
      const cited = lines.filter((l) => l.includes(`[${i + 1}]`)).map((l) => l.replace(/\[\d+\]\s*/g, '').trim());
      const body = cited.length ? cited.join(' ') : i === 0 ? lines.filter((l) => !/\[\d+\]/.test(l)).join(' ') : '';
      return `[${i + 1}] (${c.kind}) ${c.label}${body ? `: ${body}` : ''}`;
    })
    .join('\n');
}

/** The instructions and numbered sources every model is given (the question is the user message). */
export function systemPrompt(retrieved: Answer, lang: Lang): string {
  return [
    'You are the assistant of OncoDesk, a clinical-support workbench for oncologists (beta; not medical advice).',
    'Answer ONLY from the numbered sources below. Cite every statement with its source number in square brackets, like [1].',
    "If the sources do not answer the question, say that you can't answer it from the sources. Never add facts, doses or advice that are not in the sources.",
    `Answer in ${LANG_NAME[lang]}, briefly.`,
    '',
    'Sources:',
    sourcePacket(retrieved),
  ].join('\n');
}

/** Citation numbers an answer uses, checked against the sources given. */
export function checkedCitations(text: string, given: Citation[]): Citation[] {
  const used = [...new Set([...text.matchAll(/\[(\d{1,3})\]/g)].map((m) => Number(m[1])))];
  if (!used.length) throw new ModelAnswerError('model_uncited');
  if (used.some((n) => n < 1 || n > given.length)) throw new ModelAnswerError('model_bad_citation');
  // the answer's [n] keep their numbers: the citations list stays the given one, in order
  return given;
}

/** The answer a model wrote, kept only when it is backed by the sources it was given. */
export function modelAnswer(text: string, retrieved: Answer): Answer {
  const content = text.trim();
  if (!content) throw new ModelAnswerError('model_failed');
  return { content, citations: checkedCitations(content, retrieved.citations) };
}

export function modelAnswerer(cfg: ModelConfig): ModelAnswerer {
  // the client (~115 modules) is loaded only when a model endpoint is configured (LLM_BASE_URL)
  const { default: OpenAIClient } = require('openai') as { default: typeof OpenAI };
  const client = new OpenAIClient({ baseURL: cfg.baseUrl, apiKey: cfg.apiKey || 'not-needed', timeout: cfg.timeoutMs ?? 60_000, maxRetries: 0 });
  const host = (() => {
    try {
      return new URL(cfg.baseUrl).host;
    } catch {
      return cfg.baseUrl;
    }
  })();
  return {
    name: cfg.model,
    host,
    local: false,
    available: () => true,
    queued: () => 0,
    close: async () => {},
    async answer(question, retrieved, lang, opts = {}) {
      let text = '';
      try {
        const stream = await client.chat.completions.create(
          { model: cfg.model, stream: true, temperature: 0, messages: [{ role: 'system', content: systemPrompt(retrieved, lang) }, { role: 'user', content: question }] },
          { signal: opts.signal },
        );
        for await (const chunk of stream) {
          const delta = chunk.choices?.[0]?.delta?.content;
          if (typeof delta === 'string' && delta) {
            text += delta;
            opts.onDelta?.(delta);
          }
        }
      } catch (e) {
        if (opts.signal?.aborted) throw e;
        throw new ModelAnswerError(e instanceof OpenAIClient.APIConnectionTimeoutError ? 'model_timeout' : 'model_failed');
      }
      return modelAnswer(text, retrieved);
    },
  };
}
