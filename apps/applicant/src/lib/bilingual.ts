/** A text the server gives in both languages (a school's message, a notice). */
export type Bilingual = { ko: string; en: string };

/**
 * The text in the interface's language, else in the other one: a school may
 * leave one language empty, and showing its words beats showing nothing.
 */
export function inLanguage(text: Bilingual | null | undefined, lang: string): string {
  if (!text) return '';
  const [first, second] = lang === 'en' ? [text.en, text.ko] : [text.ko, text.en];
  return first?.trim() ? first : (second ?? '');
}
