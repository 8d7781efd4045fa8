import OpenAI from 'openai';
import type { Citation } from '@oncodesk/shared/contracts';
import type { Answer, Lang } from './engine';

/**
 * The optional language model: any OpenAI-compatible endpoint (Ollama, vLLM, llama.cpp's server, a hosted
 * API) through the `openai` client (6.x, the last major on Node 20). It is given the sources the
 * embedded engine retrieved, numbered, and must answer only from them, citing [n]. The server keeps
 * only answers whose citations all name a given source and that cite at least one; anything else is
 * dropped (the caller then answers with the embedded engine).
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
  constructor(readonly code: 'model_failed' | 'model_uncited' | 'model_bad_citation' | 'model_timeout') {
    super(code);
  }
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

/** Citation numbers an answer uses, checked against the sources given. */
export function checkedCitations(text: string, given: Citation[]): Citation[] {
  const used = [...new Set([...text.matchAll(/\[(\d{1,3})\]/g)].map((m) => Number(m[1])))];
  if (!used.length) throw new ModelAnswerError('model_uncited');
  if (used.some((n) => n < 1 || n > given.length)) throw new ModelAnswerError('model_bad_citation');
  // the answer's [n] keep their numbers: the citations list stays the given one, in order
  return given;
}

export function modelAnswerer(cfg: ModelConfig) {
  const client = new OpenAI({ baseURL: cfg.baseUrl, apiKey: cfg.apiKey || 'not-needed', timeout: cfg.timeoutMs ?? 60_000, maxRetries: 0 });
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
    /**
     * Streams the model's answer (text deltas through `onDelta`), then checks its citations. Throws
     * ModelAnswerError when the model fails, times out, cites nothing or cites a source it was not given.
     */
    async answer(question: string, retrieved: Answer, lang: Lang, opts: { signal?: AbortSignal; onDelta?: (text: string) => void } = {}): Promise<Answer> {
      const system = [
        'You are the assistant of OncoDesk, a clinical-support workbench for oncologists (beta; not medical advice).',
        'Answer ONLY from the numbered sources below. Cite every statement with its source number in square brackets, like [1].',
        "If the sources do not answer the question, say that you can't answer it from the sources. Never add facts, doses or advice that are not in the sources.",
        `Answer in ${LANG_NAME[lang]}, briefly.`,
        '',
        'Sources:',
        sourcePacket(retrieved),
      ].join('\n');
      let text = '';
      try {
        const stream = await client.chat.completions.create(
          { model: cfg.model, stream: true, temperature: 0, messages: [{ role: 'system', content: system }, { role: 'user', content: question }] },
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
        throw new ModelAnswerError(e instanceof OpenAI.APIConnectionTimeoutError ? 'model_timeout' : 'model_failed');
      }
      const content = text.trim();
      if (!content) throw new ModelAnswerError('model_failed');
      return { content, citations: checkedCitations(content, retrieved.citations) };
    },
  };
}
export type ModelAnswerer = ReturnType<typeof modelAnswerer>;
