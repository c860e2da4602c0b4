/** Printable ASCII and the usual white space; other text takes the Unicode path. */
export const ASCII_ONLY = /^[\t\n\r\u0020-\u007e]*$/;

/**
 * The form two labels are compared in: case, accents and spacing do not count, so "turkiye" finds
 * "Türkiye" and "São Tomé and Príncipe" sorts among the other S names.
 */
export const foldLabel = (label: string): string =>
  // ASCII has no accents to take off: it skips the Unicode decomposition (every search's words are folded).
  (ASCII_ONLY.test(label) ? label : label.normalize('NFD').replace(/\p{M}/gu, ''))
    .toLowerCase()
    .trim()
    .replace(/\s+/g, ' ');

/**
 * Alphabetical, case-insensitive order. Deliberately free of `localeCompare`, whose result depends on the
 * runtime's locale data: the order feeds the vocabulary version, which browser and server must agree on.
 */
export const compareLabels = (a: string, b: string): number => {
  const foldedA = foldLabel(a);
  const foldedB = foldLabel(b);
  if (foldedA !== foldedB) return foldedA < foldedB ? -1 : 1;
  if (a === b) return 0;
  return a < b ? -1 : 1;
};

/** The words of a label or name, in lower case: "UX Writer" → ux, writer. */
export const nameWords = (name: string): string[] =>
  name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
