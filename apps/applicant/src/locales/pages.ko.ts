// The pages' texts in one language, in a chunk of their own, fetched with the
// first page that needs them (src/components/lazy-page.tsx) or when the
// browser is idle; the shell's are catalogue.ko.ts. A section defined in two
// files is refused (mergeTexts).
import main from './ko.json';
import submission from './submission.ko.json';
import pay from './pay.ko.json';
import account from './account.ko.json';
import recommend from './recommend.ko.json';
import helpdesk from './helpdesk.ko.json';
import inquiry from './inquiry.ko.json';
import refund from './refund.ko.json';
import results from './results.ko.json';
import competition from './competition.ko.json';
import { mergeTexts } from './merge';

export default mergeTexts(main, submission, pay, account, recommend, helpdesk, inquiry, refund, results, competition);
