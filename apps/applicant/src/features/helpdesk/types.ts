/** An FAQ entry or a help post in the page's language (docs/api-helpdesk.md). */
export type HelpEntry = {
  id: number;
  categoryId?: number;
  title: string;
  /** A help post's question text (FAQ entries have none). */
  body?: string;
  answer: string;
  updatedAt: string;
};

export type FaqCategory = { id: number; name: string };
