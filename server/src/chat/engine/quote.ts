/** A quoted text cut to `n` characters with an ellipsis (answers quote, they do not paste whole records). */
export const cut = (s: string, n = 260) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);
