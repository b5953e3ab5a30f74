/** One article or section of a legal text: a heading and its paragraphs. */
export type Article = { title: string; paragraphs: string[] };

/** A dated version of a legal text in both languages. */
export type LegalVersion = { effective: string; ko: Article[]; en: Article[] };
