import { randomFillSync } from 'node:crypto';
import { closeSync, openSync, writeSync } from 'node:fs';
import { seededRandom } from '../support/random';

/**
 * Writes a tiny LLaMA-architecture GGUF model with random weights, for the in-process model's tests (no
 * weights may be committed or downloaded). It follows the GGUF v3 layout (ggml's docs/gguf.md: header,
 * metadata key/values, tensor infos, aligned F32 tensor data) and the keys and tensor names llama.cpp
 * reads for `llama` (src/llama-arch.cpp, src/llama-model.cpp) with a SentencePiece-style (`llama`)
 * vocabulary: <unk>, <s>, </s>, the 256 byte tokens (byte fallback, so any text tokenizes) and the
 * printable ASCII characters. Hand-written: the only GGUF writer is Python's gguf-py, and a test must
 * not need Python. Its answers are gibberish, which is the point: the tests prove load, prompt,
 * streaming, abort, timeouts and the queue, and that an uncited answer is dropped.
 */
export interface TinyGgufOptions {
  /** Hidden size (a multiple of `heads`). */
  embedding?: number;
  layers?: number;
  heads?: number;
  /** Key/value heads (grouped-query attention); default: `heads`. */
  kvHeads?: number;
  feedForward?: number;
  contextLength?: number;
  seed?: number;
  /** Scale of the random weights. */
  scale?: number;
  /**
   * Type of the matrices: F32 (default), or Q4_0 (ggml's 4-bit blocks: an fp16 scale and 32 4-bit
   * weights in 18 bytes) to write a model of a real one's shape and size for the bench.
   */
  type?: 'f32' | 'q4_0';
}

const enum T {
  U32 = 4,
  I32 = 5,
  F32 = 6,
  STRING = 8,
  ARRAY = 9,
}
const ALIGNMENT = 32;
const GGML_TYPE_F32 = 0;
const GGML_TYPE_Q4_0 = 2;

type Value = { t: T.U32 | T.I32 | T.F32; v: number } | { t: T.STRING; v: string } | { t: T.ARRAY; of: T.I32 | T.F32 | T.STRING; v: (number | string)[] };

class Out {
  private chunks: Buffer[] = [];
  size = 0;
  push(b: Buffer) {
    this.chunks.push(b);
    this.size += b.length;
  }
  u32(n: number) {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    this.push(b);
  }
  i32(n: number) {
    const b = Buffer.alloc(4);
    b.writeInt32LE(n);
    this.push(b);
  }
  u64(n: number) {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(n));
    this.push(b);
  }
  f32(n: number) {
    const b = Buffer.alloc(4);
    b.writeFloatLE(n);
    this.push(b);
  }
  str(s: string) {
    const b = Buffer.from(s, 'utf8');
    this.u64(b.length);
    this.push(b);
  }
  pad() {
    const rest = this.size % ALIGNMENT;
    if (rest) this.push(Buffer.alloc(ALIGNMENT - rest));
  }
  scalar(t: T, v: number | string) {
    if (t === T.U32) this.u32(v as number);
    else if (t === T.I32) this.i32(v as number);
    else if (t === T.F32) this.f32(v as number);
    else this.str(v as string);
  }
  value(val: Value) {
    this.u32(val.t);
    if (val.t === T.ARRAY) {
      this.u32(val.of);
      this.u64(val.v.length);
      for (const x of val.v) this.scalar(val.of, x);
    } else this.scalar(val.t, val.v);
  }
  buffer() {
    return Buffer.concat(this.chunks);
  }
}


/** The vocabulary: [piece, score, type] with llama.cpp's token types (1 normal, 2 unknown, 3 control, 6 byte). */
function vocabulary(): [string, number, number][] {
  const v: [string, number, number][] = [
    ['<unk>', 0, 2],
    ['<s>', 0, 3],
    ['</s>', 0, 3],
  ];
  for (let b = 0; b < 256; b++) v.push([`<0x${b.toString(16).toUpperCase().padStart(2, '0')}>`, 0, 6]);
  v.push(['\u2581', -1, 1]); // SentencePiece's word boundary (a space)
  for (let c = 33; c < 127; c++) v.push([String.fromCharCode(c), -2, 1]);
  // a few multi-character pieces so the tokenizer has merges to make
  for (const p of ['\u2581the', '\u2581of', '\u2581and', 'ing', 'er']) v.push([p, -3, 1]);
  return v;
}

export function tinyGguf(path: string, opts: TinyGgufOptions = {}): { path: string; bytes: number; vocab: number; parameters: number } {
  const nEmbd = opts.embedding ?? 64;
  const nLayer = opts.layers ?? 2;
  const nHead = opts.heads ?? 4;
  const nKvHead = opts.kvHeads ?? nHead;
  const nEmbdKv = (nEmbd / nHead) * nKvHead;
  const q4 = opts.type === 'q4_0';
  const nFf = opts.feedForward ?? 128;
  const nCtx = opts.contextLength ?? 4096;
  const scale = opts.scale ?? 0.08;
  const rnd = seededRandom(opts.seed ?? 42);
  const vocab = vocabulary();
  const nVocab = vocab.length;

  const kv: [string, Value][] = [
    ['general.architecture', { t: T.STRING, v: 'llama' }],
    ['general.name', { t: T.STRING, v: 'oncodesk-tiny-random-llama' }],
    ['general.alignment', { t: T.U32, v: ALIGNMENT }],
    ['llama.context_length', { t: T.U32, v: nCtx }],
    ['llama.embedding_length', { t: T.U32, v: nEmbd }],
    ['llama.block_count', { t: T.U32, v: nLayer }],
    ['llama.feed_forward_length', { t: T.U32, v: nFf }],
    ['llama.attention.head_count', { t: T.U32, v: nHead }],
    ['llama.attention.head_count_kv', { t: T.U32, v: nKvHead }],
    ['llama.attention.layer_norm_rms_epsilon', { t: T.F32, v: 1e-5 }],
    ['llama.rope.dimension_count', { t: T.U32, v: nEmbd / nHead }],
    ['llama.rope.freq_base', { t: T.F32, v: 10000 }],
    ['llama.vocab_size', { t: T.U32, v: nVocab }],
    ['tokenizer.ggml.model', { t: T.STRING, v: 'llama' }],
    ['tokenizer.ggml.tokens', { t: T.ARRAY, of: T.STRING, v: vocab.map((x) => x[0]) }],
    ['tokenizer.ggml.scores', { t: T.ARRAY, of: T.F32, v: vocab.map((x) => x[1]) }],
    ['tokenizer.ggml.token_type', { t: T.ARRAY, of: T.I32, v: vocab.map((x) => x[2]) }],
    ['tokenizer.ggml.unknown_token_id', { t: T.U32, v: 0 }],
    ['tokenizer.ggml.bos_token_id', { t: T.U32, v: 1 }],
    ['tokenizer.ggml.eos_token_id', { t: T.U32, v: 2 }],
  ];

  // ggml shapes list the fastest-varying dimension first: a [in, out] matrix maps `in` features to `out`
  const tensors: { name: string; dims: number[]; fill: 'one' | 'random' | 'output' }[] = [
    { name: 'token_embd.weight', dims: [nEmbd, nVocab], fill: 'random' },
    { name: 'output_norm.weight', dims: [nEmbd], fill: 'one' },
    // the control tokens' rows are zero: their logit is 0, below the largest of the random ones, so greedy
    // decoding never ends an answer early (</s>) and the tests' answers run to their token limit
    { name: 'output.weight', dims: [nEmbd, nVocab], fill: 'output' },
  ];
  for (let i = 0; i < nLayer; i++) {
    tensors.push(
      { name: `blk.${i}.attn_norm.weight`, dims: [nEmbd], fill: 'one' },
      { name: `blk.${i}.attn_q.weight`, dims: [nEmbd, nEmbd], fill: 'random' },
      { name: `blk.${i}.attn_k.weight`, dims: [nEmbd, nEmbdKv], fill: 'random' },
      { name: `blk.${i}.attn_v.weight`, dims: [nEmbd, nEmbdKv], fill: 'random' },
      { name: `blk.${i}.attn_output.weight`, dims: [nEmbd, nEmbd], fill: 'random' },
      { name: `blk.${i}.ffn_norm.weight`, dims: [nEmbd], fill: 'one' },
      { name: `blk.${i}.ffn_gate.weight`, dims: [nEmbd, nFf], fill: 'random' },
      { name: `blk.${i}.ffn_up.weight`, dims: [nEmbd, nFf], fill: 'random' },
      { name: `blk.${i}.ffn_down.weight`, dims: [nFf, nEmbd], fill: 'random' },
    );
  }

  const out = new Out();
  out.push(Buffer.from('GGUF', 'ascii'));
  out.u32(3); // version
  out.u64(tensors.length);
  out.u64(kv.length);
  for (const [key, value] of kv) {
    out.str(key);
    out.value(value);
  }
  // vectors stay F32 (ggml wants them so); matrices are F32 or Q4_0
  const typeOf = (t: { dims: number[] }) => (q4 && t.dims.length === 2 ? GGML_TYPE_Q4_0 : GGML_TYPE_F32);
  const bytesOf = (count: number, type: number) => (type === GGML_TYPE_Q4_0 ? (count / 32) * 18 : count * 4);
  let offset = 0;
  let parameters = 0;
  const sized = tensors.map((t) => {
    const count = t.dims.reduce((a, b) => a * b, 1);
    const type = typeOf(t);
    const at = offset;
    offset += Math.ceil(bytesOf(count, type) / ALIGNMENT) * ALIGNMENT;
    parameters += count;
    return { ...t, count, type, at };
  });
  for (const t of sized) {
    out.str(t.name);
    out.u32(t.dims.length);
    for (const d of t.dims) out.u64(d);
    out.u32(t.type);
    out.u64(t.at);
  }
  out.pad();
  // written tensor by tensor: a model of a real one's size (gigabytes) never sits in memory whole
  const fd = openSync(path, 'w');
  let bytes = 0;
  const write = (b: Buffer) => {
    writeSync(fd, b);
    bytes += b.length;
  };
  try {
    write(out.buffer());
    for (const t of sized) {
      const size = Math.ceil(bytesOf(t.count, t.type) / ALIGNMENT) * ALIGNMENT;
      const data = Buffer.alloc(size);
      if (t.type === GGML_TYPE_Q4_0) {
        // random 4-bit weights, every block scaled by the same fp16 (0x1A25 ≈ 0.003): weights within ±0.024
        randomFillSync(data, 0, (t.count / 32) * 18);
        for (let b = 0; b < t.count / 32; b++) data.writeUInt16LE(0x1a25, b * 18);
        if (t.fill === 'output') data.fill(0, 0, 18 * ((3 * nEmbd) / 32));
      } else
        for (let i = 0; i < t.count; i++) {
          const control = t.fill === 'output' && i < 3 * nEmbd;
          data.writeFloatLE(t.fill === 'one' ? 1 : control ? 0 : (rnd() * 2 - 1) * scale, i * 4);
        }
      write(data);
    }
  } finally {
    closeSync(fd);
  }
  return { path, bytes, vocab: nVocab, parameters };
}
