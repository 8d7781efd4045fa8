/**
 * Compact string storage for the gazetteer's large, read-only tables (hundreds of thousands of short
 * strings). One JS string per entry costs a 16+ byte header plus an 8-byte array slot, and every one
 * of them is traced by each full GC; here the characters of all entries live in one Uint16Array
 * (UTF-16 code units, so order and content are exactly those of JS strings) with an Int32Array of
 * offsets. Typed-array storage is outside the JS heap and holds no pointers, so the GC never scans it.
 */
export class PackedStrings {
  private constructor(
    /** Code units of every entry, back to back. */
    readonly units: Uint16Array,
    /** Entry i is units[offsets[i] .. offsets[i + 1]). */
    readonly offsets: Int32Array,
  ) {}

  static from(strings: readonly string[]): PackedStrings {
    const offsets = new Int32Array(strings.length + 1);
    let total = 0;
    for (let i = 0; i < strings.length; i++) {
      offsets[i] = total;
      total += strings[i].length;
    }
    offsets[strings.length] = total;
    const units = new Uint16Array(total);
    for (let i = 0; i < strings.length; i++) {
      const s = strings[i];
      const at = offsets[i];
      for (let k = 0; k < s.length; k++) units[at + k] = s.charCodeAt(k);
    }
    return new PackedStrings(units, offsets);
  }

  /** From the arrays of `PackedStrings#units` / `#offsets` (a snapshot read back). */
  static fromArrays(units: Uint16Array, offsets: Int32Array): PackedStrings {
    return new PackedStrings(units, offsets);
  }

  get size(): number {
    return this.offsets.length - 1;
  }

  length(i: number): number {
    return this.offsets[i + 1] - this.offsets[i];
  }

  /** Entry i as a new JS string (for the few results of a request, not for scans). */
  get(i: number): string {
    return decode(this.units, this.offsets[i], this.offsets[i + 1]);
  }
}

const DECODE_CHUNK = 4096;
/** Code units [start, end) as a string, exactly (lone surrogates included, unlike a UTF-16 decoder). */
function decode(units: Uint16Array, start: number, end: number): string {
  let out = '';
  for (let at = start; at < end; at += DECODE_CHUNK) {
    out += String.fromCharCode.apply(null, units.subarray(at, Math.min(end, at + DECODE_CHUNK)) as unknown as number[]);
  }
  return out;
}

/**
 * The sorted array of "key\u0000ref" strings the gazetteer searches, without one string per entry: keys
 * packed (PackedStrings), refs in an Int32Array. Entry j stands for the string `${key(j)}\u0000${ref(j)}`
 * and every method answers exactly as the same operation on that plain sorted string array would
 * (comparisons char by char against the query, no allocation except when the query reaches past a key
 * into the "\u0000ref" part, which only a query containing \u0000 can).
 */
export class SortedKeyIndex {
  private constructor(
    private readonly keys: PackedStrings,
    readonly refs: Int32Array,
  ) {}

  /** From "key\u0000ref" strings already in sorted order (ref: an int32 as String(n) writes it). */
  static fromSortedEntries(entries: readonly string[]): SortedKeyIndex {
    const keys: string[] = new Array(entries.length);
    const refs = new Int32Array(entries.length);
    for (let j = 0; j < entries.length; j++) {
      const e = entries[j];
      const sep = e.lastIndexOf('\u0000');
      keys[j] = e.slice(0, sep);
      refs[j] = Number(e.slice(sep + 1));
    }
    return new SortedKeyIndex(PackedStrings.from(keys), refs);
  }

  /** What a snapshot keeps: the packed keys and the refs (see fromArrays). */
  arrays(): { units: Uint16Array; offsets: Int32Array; refs: Int32Array } {
    return { units: this.keys.units, offsets: this.keys.offsets, refs: this.refs };
  }

  static fromArrays({ units, offsets, refs }: { units: Uint16Array; offsets: Int32Array; refs: Int32Array }): SortedKeyIndex {
    return new SortedKeyIndex(PackedStrings.fromArrays(units, offsets), refs);
  }

  get size(): number {
    return this.refs.length;
  }

  /** Sign of (entry j) minus q in code-unit order, like `entry < q` / `entry > q` on plain strings. */
  compare(j: number, q: string): number {
    const { units, offsets } = this.keys;
    const start = offsets[j];
    const len = offsets[j + 1] - start;
    const n = len < q.length ? len : q.length;
    for (let i = 0; i < n; i++) {
      const d = units[start + i] - q.charCodeAt(i);
      if (d !== 0) return d;
    }
    // q is a prefix of the key (the entry, longer, sorts after it) or the key is a prefix of q.
    if (q.length <= len) return 1;
    const c = q.charCodeAt(len);
    if (c !== 0) return -1; // the entry's next char is \u0000, below anything else
    const tail = String(this.refs[j]);
    const qTail = q.slice(len + 1);
    return tail < qTail ? -1 : tail > qTail ? 1 : 0;
  }

  /** First entry >= q. */
  lowerBound(q: string): number {
    let lo = 0;
    let hi = this.refs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(mid, q) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** [start, end) of the entries that start with `prefix` (as normalize.prefixRange on the strings). */
  prefixRange(prefix: string): [number, number] {
    return [this.lowerBound(prefix), this.lowerBound(prefix + '\uffff')];
  }

  /** Code unit at pos of entry j's "key\u0000ref" string (NaN past its end, like String#charCodeAt). */
  charCodeAt(j: number, pos: number): number {
    const { units, offsets } = this.keys;
    const start = offsets[j];
    const len = offsets[j + 1] - start;
    if (pos < len) return units[start + pos];
    if (pos === len) return 0;
    return String(this.refs[j]).charCodeAt(pos - len - 1);
  }

  /** The entry's string up to its first \u0000 (the key itself: normalised keys hold no \u0000). */
  key(j: number): string {
    const { units, offsets } = this.keys;
    let end = offsets[j];
    while (end < offsets[j + 1] && units[end] !== 0) end++;
    return decode(units, offsets[j], end);
  }
}
