/** A language's texts: sections by name (nav, form, pay...), each of keys and texts. */
export type Texts = Record<string, unknown>;

/**
 * One catalogue from the texts of several files, refusing a section two files
 * both define (the later one would silently replace the earlier's texts).
 */
export function mergeTexts(...parts: Texts[]): Texts {
  const merged: Texts = {};
  for (const part of parts) {
    for (const [section, texts] of Object.entries(part)) {
      if (section in merged) throw new Error(`i18n: the section "${section}" is defined twice`);
      merged[section] = texts;
    }
  }
  return merged;
}
