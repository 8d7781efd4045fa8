import { z } from 'zod';

/**
 * Characters no name or short text may hold: control characters (CR/LF would end a mail header early),
 * the line and paragraph separators U+2028 / U+2029 (line breaks to mail clients and JavaScript alike),
 * and every format character (Unicode Cf): bidirectional marks, overrides and isolates ("\u202egpj.exe"
 * shows as "exe.jpg"; U+061C, U+200E), zero-width characters (two names that look the same), the soft
 * hyphen, invisible tags. One definition, used by every name in the contracts.
 */
export const UNSAFE_TEXT = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u;

/** Is the text free of the characters above? */
export const isSafeText = (v: string) => !UNSAFE_TEXT.test(v);

/** A trimmed single-line text of at most `max` characters, without control, bidi or zero-width characters. */
export const safeText = (max: number) => z.string().trim().max(max, { error: 'too_long' }).refine(isSafeText, { error: 'text_invalid_chars' });
