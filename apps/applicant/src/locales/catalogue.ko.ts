// Every text of one language, in a chunk of its own (src/lib/i18n.ts loads it
// when the language is first used): a visitor downloads one language, not two.
import main from './ko.json';
import submission from './submission.ko.json';
import pay from './pay.ko.json';
import account from './account.ko.json';
import recommend from './recommend.ko.json';
import helpdesk from './helpdesk.ko.json';
import inquiry from './inquiry.ko.json';
import refund from './refund.ko.json';

export default { ...main, ...submission, ...pay, ...account, ...recommend, ...helpdesk, ...inquiry, ...refund };
