import { z } from 'zod';

/**
 * Characters no name or short text may hold: control characters (CR/LF would end a mail header early),
 * bidirectional overrides and isolates ("\u202egpj.exe" shows as "exe.jpg") and zero-width characters
 * (two names that look the same). One definition, used by every name in the contracts.
 */
export const UNSAFE_TEXT = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

/** Is the text free of the characters above? */
export const isSafeText = (v: string) => !UNSAFE_TEXT.test(v);

/** A trimmed single-line text of at most `max` characters, without control, bidi or zero-width characters. */
export const safeText = (max: number) => z.string().trim().max(max, { error: 'too_long' }).refine(isSafeText, { error: 'text_invalid_chars' });
