-- +goose Up
-- The FAQ (/faq) and the help board (/help) of issue 14: entries the
-- provider's staff publish in Korean and English. An FAQ entry has a
-- category; a help post (kind HELP) has a title, the question's text and
-- the answer. Texts are plain; the pages keep their paragraphs.
CREATE TABLE helpdesk_category (
    id         bigserial PRIMARY KEY,
    kor_name   text NOT NULL,
    eng_name   text NOT NULL,
    sort_order integer NOT NULL DEFAULT 0
);

CREATE TABLE helpdesk_entry (
    id          bigserial PRIMARY KEY,
    kind        text NOT NULL CHECK (kind IN ('FAQ', 'HELP')),
    category_id bigint REFERENCES helpdesk_category (id) ON DELETE RESTRICT,
    title_ko    text NOT NULL,
    title_en    text NOT NULL,
    body_ko     text NOT NULL DEFAULT '',
    body_en     text NOT NULL DEFAULT '',
    answer_ko   text NOT NULL,
    answer_en   text NOT NULL,
    published   boolean NOT NULL DEFAULT false,
    sort_order  integer NOT NULL DEFAULT 0,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz NOT NULL DEFAULT now(),
    updated_by  text NOT NULL DEFAULT '',
    CHECK ((kind = 'FAQ') = (category_id IS NOT NULL))
);
CREATE INDEX helpdesk_entry_list_idx ON helpdesk_entry (kind, published, category_id, sort_order);

-- What applicants ask most, consistent with decisions.md and payments.md.
INSERT INTO helpdesk_category (id, kor_name, eng_name, sort_order) VALUES
    (1, '회원가입·계정', 'Sign-up and account', 1),
    (2, '지원 절차', 'Applying', 2),
    (3, '제출 서류', 'Documents', 3),
    (4, '전형료 결제·환불', 'Fee payment and refunds', 4),
    (5, '추천서', 'Recommendation letters', 5),
    (6, '수험번호·수험표', 'Exam number and admission slip', 6);
SELECT setval('helpdesk_category_id_seq', (SELECT max(id) FROM helpdesk_category));
INSERT INTO helpdesk_entry (kind, category_id, title_ko, title_en, answer_ko, answer_en, published, sort_order, updated_by) VALUES
    ('FAQ', 1, '회원가입은 어떻게 하나요?', 'How do I sign up?',
     '홈 화면 오른쪽 위의 로그인을 누른 뒤 회원가입을 선택합니다.

이용약관과 개인정보 수집·이용에 동의하고 아이디, 이메일, 비밀번호를 입력하면 가입이 끝납니다. 한 사람은 하나의 계정으로 여러 학교에 지원할 수 있습니다.',
     'Choose Sign In at the top right of the home page, then Sign up.

Agree to the terms of service and to the collection and use of personal information, then enter a user id, an e-mail address and a password. One account is enough to apply to several schools.', true, 10, 'system'),
    ('FAQ', 1, '비밀번호 규칙은 무엇인가요?', 'What are the password rules?',
     '비밀번호는 8자 이상 16자 이하이며 영문 소문자, 영문 대문자, 숫자를 각각 하나 이상 포함해야 합니다. 가입, 변경, 재설정 모두 같은 규칙이 적용됩니다.',
     'A password has 8 to 16 characters with at least one lower-case letter, one upper-case letter and one digit. The same rule applies on sign-up, change and reset.', true, 20, 'system'),
    ('FAQ', 1, '아이디나 비밀번호를 잊어버렸어요.', 'I forgot my user id or password.',
     '로그인 화면의 아이디 찾기에서 가입한 이메일 주소를 입력하면 아이디를 메일로 보내 드립니다.

비밀번호 찾기에서는 비밀번호 재설정 링크를 메일로 보내 드립니다. 링크는 한 번만 쓸 수 있고 유효 기간이 지나면 쓸 수 없습니다. 비밀번호를 바꾸면 다른 기기의 로그인은 모두 해제됩니다.',
     'Under Find ID on the sign-in page, enter the e-mail address you signed up with: we mail you your user id.

Under Find password we mail you a link to set a new password. The link works once and expires after a while. Changing the password signs you out on every other device.', true, 30, 'system'),
    ('FAQ', 1, '이메일 주소나 연락처를 바꾸고 싶어요.', 'How do I change my e-mail address or phone number?',
     '로그인 후 사용자 메뉴의 내 정보에서 비밀번호를 다시 입력하면 정보를 수정할 수 있습니다. 새 이메일 주소는 메일로 받은 인증 코드를 입력해야 바뀝니다.',
     'Sign in and open My Info from the user menu; enter your password again to edit your details. A new e-mail address takes effect once you enter the code we mail to it.', true, 40, 'system'),
    ('FAQ', 1, '회원 탈퇴는 어떻게 하나요?', 'How do I close my account?',
     '내 정보에서 회원 탈퇴를 선택하면 즉시 탈퇴됩니다. 로그인 정보와 이용 기록은 바로 삭제되며, 이미 제출한 지원서는 법령과 학교 규정에 따른 보존 기간 동안 계정과 분리되어 보관됩니다.

결제가 진행 중인 지원서가 있으면 결제가 끝날 때까지 탈퇴할 수 없습니다.',
     'Choose Leave the service in My Info: the account is closed at once. Your sign-in data and usage records are deleted immediately; applications you already submitted are kept, unlinked from the account, for the retention period the law and the school require.

While a payment of yours is in progress, the account cannot be closed until it ends.', true, 50, 'system'),
    ('FAQ', 1, '오랫동안 로그인하지 않으면 어떻게 되나요?', 'What happens if I do not sign in for a long time?',
     '36개월 동안 로그인하지 않은 계정은 휴면 처리되어 개인정보가 삭제됩니다. 그 30일 전에 가입한 이메일로 안내 메일을 보내 드리며, 그 전에 로그인하면 계정이 유지됩니다.',
     'An account nobody has signed in to for 36 months is closed and its personal data removed. We e-mail you 30 days before; signing in before then keeps the account.', true, 60, 'system'),
    ('FAQ', 2, '지원 절차는 어떻게 되나요?', 'What are the steps of an application?',
     '학교와 모집 회차를 고른 뒤 동의 사항을 확인하고 지원 단위를 선택합니다.

이후 기본 정보, 학력, 어학 성적, 경력, 추가 정보, 서류 업로드 순서로 작성하고, 미리보기로 확인한 다음 제출하고 전형료를 결제하면 접수가 완료됩니다. 학교에 따라 설문 단계가 있을 수 있습니다.',
     'Pick a school and a recruitment round, accept the consents and choose the programme you apply to.

Then fill in basic information, academic history, language scores, career, additional information and the document uploads, check the preview, submit and pay the fee: the application is then complete. Some schools add a survey step.', true, 10, 'system'),
    ('FAQ', 2, '작성 중인 지원서는 저장되나요?', 'Is an unfinished application saved?',
     '각 단계에서 저장을 누르면 내용이 저장되고, 나중에 내 지원 목록에서 이어서 작성할 수 있습니다. 저장하지 않고 페이지를 떠나면 그 단계에서 입력한 내용은 남지 않습니다.',
     'Each step is saved when you press Save; continue later from My List. What you typed on a step you leave without saving is not kept.', true, 20, 'system'),
    ('FAQ', 2, '마감 시각은 어느 시간대 기준인가요?', 'Which time zone do the deadlines use?',
     '모든 접수 기간과 마감 시각은 한국 표준시(KST, Asia/Seoul) 기준입니다. 해외에서 지원하는 경우 현지 시각과 다를 수 있으니 여유 있게 제출해 주세요.',
     'Every application period and deadline is in Korea Standard Time (KST, Asia/Seoul). From abroad your local time may differ: submit with time to spare.', true, 30, 'system'),
    ('FAQ', 2, '제출한 지원서를 수정하거나 취소할 수 있나요?', 'Can I change or cancel an application after submitting it?',
     '전형료를 결제해 접수가 완료된 지원서는 지원자가 직접 수정하거나 취소할 수 없습니다. 꼭 고쳐야 할 내용이 있으면 1:1 문의로 학교에 알려 주세요. 학교가 확인 후 처리합니다.',
     'Once the fee is paid and the application is complete, you can no longer change or cancel it yourself. If something must be corrected, tell the school through the 1:1 inquiry board; the school checks and handles it.', true, 40, 'system'),
    ('FAQ', 3, '업로드할 수 있는 파일 크기와 형식은 무엇인가요?', 'What file sizes and formats can I upload?',
     '기본적으로 이미지 파일은 3MB, 그 밖의 파일은 30MB까지 올릴 수 있습니다. 학교가 서류별로 다른 크기나 형식(예: PDF만)을 정한 경우 서류 업로드 화면에 표시된 안내를 따라 주세요.',
     'By default images may be up to 3 MB and other files up to 30 MB. Where a school sets another size or format for a document (for example PDF only), the document upload page says so: follow that.', true, 10, 'system'),
    ('FAQ', 3, '졸업(예정)증명서 원본은 언제 제출하나요?', 'When do I hand in original certificates?',
     '온라인 접수에서는 스캔한 파일을 올립니다. 원본 제출 여부와 기한은 학교마다 다르므로 해당 학교의 모집 요강을 확인해 주세요.',
     'The online application takes scanned files. Whether and when originals are needed differs by school: see the school''s admission guide.', true, 20, 'system'),
    ('FAQ', 3, '외국어로 된 서류는 번역본이 필요한가요?', 'Do documents in other languages need a translation?',
     '한국어나 영어가 아닌 서류는 공증된 한국어 또는 영어 번역본을 함께 올려야 하는 경우가 많습니다. 서류 업로드 화면의 서류별 안내를 확인해 주세요.',
     'Documents in neither Korean nor English usually need a certified Korean or English translation uploaded with them. The guidance of each document on the upload page says what is required.', true, 30, 'system'),
    ('FAQ', 4, '어떤 방법으로 전형료를 낼 수 있나요?', 'How can I pay the application fee?',
     '모집 회차에 따라 신용카드, 계좌이체, 가상계좌, 해외 카드 또는 PayPal(미화 결제)을 쓸 수 있습니다. PayPal로 결제하면 전형료에 수수료(4.4% + 0.30달러)가 더해지며, 결제 전에 별도 항목으로 보여 드립니다.',
     'Depending on the round: credit card, bank transfer, virtual account, overseas card or PayPal (in US dollars). PayPal adds a fee of 4.4% + USD 0.30 to the application fee, shown as a separate line before you pay.', true, 10, 'system'),
    ('FAQ', 4, '가상계좌 입금 기한이 지나면 어떻게 되나요?', 'What if the virtual account expires before I pay?',
     '입금 기한이 지난 가상계좌는 쓸 수 없게 됩니다. 접수 기간이 남아 있으면 다시 결제를 시작해 새 결제 수단을 받을 수 있습니다. 입금이 확인되면 접수가 완료되고 메일로 알려 드립니다.',
     'An expired virtual account can no longer be used. While the application period is open you may start the payment again. When a deposit arrives, the application is complete and we tell you by mail.', true, 20, 'system'),
    ('FAQ', 4, '전형료를 환불받을 수 있나요?', 'Can the application fee be refunded?',
     '결제 후에는 지원자가 직접 결제를 취소할 수 없습니다. 환불은 학교의 환불 규정에 따라 담당자가 처리하며(전액 또는 일부), 처리되면 메일로 알려 드립니다. 환불은 요청이 받아들여진 날부터 영업일 기준 10일 이내에 이루어집니다.

서류 진위 확인 서비스 이용료는 환불되지 않습니다.',
     'After paying you cannot cancel the payment yourself. Refunds follow the school''s refund rules and are made by staff (in full or in part); we tell you by mail when it is done. A refund is made within 10 business days of the request being accepted.

The fee for the document verification service is not refundable.', true, 30, 'system'),
    ('FAQ', 4, '결제 영수증은 어디서 받나요?', 'Where do I get a payment receipt?',
     '로그인 후 사용자 메뉴의 결제 영수증에서 결제 내역을 보고 영수증을 내려받을 수 있습니다. 결제 완료 메일에도 안내가 있습니다.',
     'Sign in and open Payment receipts from the user menu to see your payments and download receipts. The payment mail tells you the same.', true, 40, 'system'),
    ('FAQ', 5, '추천서는 어떻게 요청하나요?', 'How do I request a recommendation letter?',
     '지원서의 추천서 요청 목록에서 추천인의 이름, 이메일, 연락처, 소속과 직위를 입력해 요청합니다. 추천인에게는 추천서 작성 링크가 메일로 전달됩니다. 학교가 정한 수만큼 요청할 수 있습니다.',
     'From your application''s recommendation request list, enter the recommender''s name, e-mail, phone, institution and position. The recommender is mailed a link to the letter form. You can ask for as many letters as the school''s round requires.', true, 10, 'system'),
    ('FAQ', 5, '추천서 내용을 볼 수 있나요?', 'Can I read my recommendation letters?',
     '추천서는 비공개입니다. 지원자는 요청, 열람, 작성 중, 제출 완료 같은 진행 상태만 볼 수 있고 내용은 학교 담당자만 읽습니다.',
     'Letters are confidential. You see only their status (requested, opened, being written, submitted); only the school''s staff read them.', true, 20, 'system'),
    ('FAQ', 5, '추천인 이메일을 잘못 입력했어요.', 'I entered the wrong e-mail address for my recommender.',
     '추천인이 아직 링크를 열지 않았다면 요청 목록에서 이메일을 고치거나 요청을 취소하고 다시 보낼 수 있습니다. 이미 열었거나 작성 중이면 1:1 문의로 알려 주세요.',
     'While the recommender has not opened the link, you can correct the address or cancel the request and send it again from the request list. Once it has been opened or is being written, tell us through the 1:1 inquiry board.', true, 30, 'system'),
    ('FAQ', 6, '수험번호는 언제 받나요?', 'When do I get my exam number?',
     '전형료 결제까지 끝나 접수가 완료되면 학교의 규칙에 따라 수험번호가 부여되고, 내 지원 목록과 접수 완료 메일에서 확인할 수 있습니다.',
     'When the fee is paid and the application is complete, the exam number is assigned by the school''s rule. It shows in My List and in the completion mail.', true, 10, 'system'),
    ('FAQ', 6, '수험번호를 잊어버렸어요.', 'I forgot my exam number.',
     '홈 화면의 수험번호 조회에 지원할 때 쓴 이메일 주소를 입력하면 접수가 완료된 지원서의 수험번호를 그 주소로 메일로 보내 드립니다. 개인정보 보호를 위해 화면에는 표시하지 않습니다.',
     'Enter the e-mail address you applied with under Exam number lookup on the home page: we mail the exam numbers of your completed applications to that address. For your privacy they are never shown on screen.', true, 20, 'system'),
    ('FAQ', 6, '수험표는 어디서 출력하나요?', 'Where do I print the admission slip?',
     '학교가 수험표를 공개하면 내 지원 목록에서 해당 지원서의 수험표를 PDF로 내려받아 인쇄할 수 있습니다.',
     'Once the school releases admission slips, download yours as a PDF from the application in My List and print it.', true, 30, 'system');
INSERT INTO helpdesk_entry (kind, title_ko, title_en, body_ko, body_en, answer_ko, answer_en, published, updated_by) VALUES
    ('HELP', '해외에서 결제가 되지 않아요.', 'My payment from abroad fails.',
     '해외 발급 카드로 전형료를 결제하려고 하는데 계속 실패합니다. 다른 방법이 있나요?',
     'I am trying to pay the fee with a card issued abroad and it keeps failing. Is there another way?',
     '국내 결제 수단은 해외 발급 카드를 받지 않을 수 있습니다. 모집 회차가 해외 카드 또는 PayPal 결제를 허용하면 결제 화면에서 해당 수단을 선택해 주세요. PayPal은 미화로 결제되며 수수료가 별도 항목으로 표시됩니다.

그래도 결제되지 않으면 1:1 문의에 결제 시각과 화면의 오류 메시지를 적어 보내 주세요.',
     'Domestic payment methods may refuse cards issued abroad. If the round allows overseas cards or PayPal, choose that method on the payment page; PayPal charges in US dollars with its fee shown as a separate line.

If it still fails, send us a 1:1 inquiry with the time of the attempt and the error message on screen.', true, 'system'),
    ('HELP', '제출 후 오타를 발견했어요.', 'I found a typo after submitting.',
     '지원서를 제출하고 결제까지 마쳤는데 학력 사항에 오타가 있습니다. 직접 고칠 수 있나요?',
     'I submitted and paid, and now I see a typo in my academic history. Can I fix it myself?',
     '접수가 완료된 지원서는 지원자가 수정할 수 없습니다. 1:1 문의에 지원서와 고칠 내용을 적어 주시면 학교 담당자가 확인한 뒤 수정 여부를 알려 드립니다. 수정 내역은 기록으로 남습니다.',
     'A completed application cannot be changed by the applicant. Write a 1:1 inquiry naming the application and the correction; the school''s staff check it and tell you whether it is corrected. Corrections are recorded.', true, 'system'),
    ('HELP', '추천인이 메일을 받지 못했다고 합니다.', 'My recommender did not receive the e-mail.',
     '추천서를 요청했는데 교수님께서 메일을 받지 못하셨다고 합니다.',
     'I requested a letter but my professor says no e-mail arrived.',
     '먼저 추천인의 스팸 메일함을 확인해 달라고 부탁해 주세요. 주소가 틀렸다면 추천인이 링크를 열기 전까지 요청 목록에서 주소를 고칠 수 있고, 고치면 새 링크가 다시 발송됩니다.',
     'First ask your recommender to look in the spam folder. If the address was wrong, you can correct it in the request list until the link has been opened; a corrected address gets a new link.', true, 'system'),
    ('HELP', '접수 완료 메일이 오지 않아요.', 'I did not get the completion e-mail.',
     '결제는 됐는데 접수 완료 메일을 받지 못했습니다. 접수가 된 건가요?',
     'The payment went through but I got no completion e-mail. Is my application in?',
     '내 지원 목록에서 지원서 상태가 접수 완료이고 수험번호가 보이면 접수가 끝난 것입니다. 메일은 몇 분 늦게 도착할 수 있으니 스팸 메일함도 확인해 주세요.',
     'If My List shows the application as complete with an exam number, it is in. Mail can take a few minutes; please also check the spam folder.', true, 'system');

-- +goose Down
DROP TABLE helpdesk_entry;
DROP TABLE helpdesk_category;
