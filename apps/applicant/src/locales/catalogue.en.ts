// Every text of one language, in a chunk of its own (src/lib/i18n.ts loads it
// when the language is first used): a visitor downloads one language, not two.
import main from './en.json';
import submission from './submission.en.json';
import pay from './pay.en.json';
import account from './account.en.json';
import recommend from './recommend.en.json';
import helpdesk from './helpdesk.en.json';
import inquiry from './inquiry.en.json';
import refund from './refund.en.json';

export default { ...main, ...submission, ...pay, ...account, ...recommend, ...helpdesk, ...inquiry, ...refund };
