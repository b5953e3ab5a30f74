// The texts of the page shell in one language (header, footer, titles,
// errors, the home and 404 pages), in a chunk of its own: main.tsx fetches the
// visitor's language at once. The pages' own texts are pages.en.ts, fetched
// with a page's code (src/lib/i18n.ts, loadPageTexts).
import shell from './shell.en.json';
import { mergeTexts } from './merge';

export default mergeTexts(shell);
