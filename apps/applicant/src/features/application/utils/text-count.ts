/**
 * Counting as the server does (core/textrule): characters are code points
 * with CRLF counted once; words are runs separated by white space.
 */
export function countChars(text: string): number {
  let n = 0;
  for (const _ of text) n += 1;
  const crlf = text.match(/\r\n/g)?.length ?? 0;
  return n - crlf;
}

export function countWords(text: string): number {
  const trimmed = text.trim();
  if (!trimmed) return 0;
  return trimmed.split(/\s+/u).length;
}

export type EssayLang = 'ko' | 'en';

/** Korean essays count characters, English essays count words (spec section 5). */
export function essayCount(lang: EssayLang, text: string): number {
  return lang === 'ko' ? countChars(text) : countWords(text);
}

export function essayLimit(lang: EssayLang, rule: { words: number; chars: number }): number {
  return lang === 'ko' ? rule.chars : rule.words;
}

export function isOver(count: number, max: number | undefined): boolean {
  return typeof max === 'number' && max > 0 && count > max;
}
