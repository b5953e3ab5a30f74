// The pages' texts in one language, in a chunk of their own, fetched with the
// first page that needs them (src/components/lazy-page.tsx) or when the
// browser is idle; the shell's are catalogue.en.ts. A section defined in two
// files is refused (mergeTexts).
import main from './en.json';
import submission from './submission.en.json';
import pay from './pay.en.json';
import account from './account.en.json';
import recommend from './recommend.en.json';
import helpdesk from './helpdesk.en.json';
import inquiry from './inquiry.en.json';
import refund from './refund.en.json';
import results from './results.en.json';
import competition from './competition.en.json';
import { mergeTexts } from './merge';

export default mergeTexts(main, submission, pay, account, recommend, helpdesk, inquiry, refund, results, competition);
