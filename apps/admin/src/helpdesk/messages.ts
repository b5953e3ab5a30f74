/**
 * Texts of the FAQ, its categories and the help board (issue 14), Korean and
 * English with the same keys. Joined into the catalogues by
 * i18n/catalogue.ts.
 */
const fieldsKo = {
    id: '번호',
    categoryId: '분류',
    titleKo: '제목(한국어)',
    titleEn: '제목(영어)',
    bodyKo: '질문 내용(한국어)',
    bodyEn: '질문 내용(영어)',
    answerKo: '답변(한국어)',
    answerEn: '답변(영어)',
    published: '공개',
    order: '순서',
    updatedAt: '최근 수정',
    q: '검색',
};
const fieldsEn = {
    id: 'No.',
    categoryId: 'Category',
    titleKo: 'Title (Korean)',
    titleEn: 'Title (English)',
    bodyKo: 'Question text (Korean)',
    bodyEn: 'Question text (English)',
    answerKo: 'Answer (Korean)',
    answerEn: 'Answer (English)',
    published: 'Published',
    order: 'Order',
    updatedAt: 'Last change',
    q: 'Search',
};

export const koHelpdesk = {
    resources: {
        faq: {
            name: '자주 묻는 질문',
            create_title: '자주 묻는 질문 추가',
            intro: '/faq에 보이는 질문과 답변입니다. 공개한 항목만 보이며, 모든 변경은 감사 로그에 남습니다.',
            search: '제목·답변 검색(한국어)',
            published_yes: '공개',
            published_no: '비공개',
            plain_text: '답변은 일반 텍스트입니다. 빈 줄로 문단을 나눕니다. HTML은 그대로 글자로 보입니다.',
            last_change: '최근 수정: %{at} %{by}',
            fields: fieldsKo,
        },
        'help-posts': {
            name: '도움말 게시판',
            create_title: '도움말 게시글 추가',
            intro: '/help에 보이는 질문과 담당자 답변입니다(유형 HELP). 공개한 글만 보입니다.',
            fields: fieldsKo,
        },
        'faq-categories': {
            name: 'FAQ 분류',
            create_title: 'FAQ 분류 추가',
            intro: '/faq의 분류 탭입니다. 질문이 있는 분류는 삭제할 수 없습니다.',
            fields: { korName: '이름(한국어)', engName: '이름(영어)', order: '순서' },
        },
    },
};

export const enHelpdesk: typeof koHelpdesk = {
    resources: {
        faq: {
            name: 'FAQ |||| FAQ',
            create_title: 'Add an FAQ entry',
            intro: 'The questions and answers /faq shows. Only published entries are shown; every change goes to the audit log.',
            search: 'Search titles and answers (Korean)',
            published_yes: 'Published',
            published_no: 'Not published',
            plain_text: 'Answers are plain text: a blank line starts a paragraph. HTML shows as typed.',
            last_change: 'Last change: %{at} %{by}',
            fields: fieldsEn,
        },
        'help-posts': {
            name: 'Help board |||| Help board',
            create_title: 'Add a help post',
            intro: 'The questions and staff answers /help shows (type HELP). Only published posts are shown.',
            fields: fieldsEn,
        },
        'faq-categories': {
            name: 'FAQ categories |||| FAQ categories',
            create_title: 'Add an FAQ category',
            intro: 'The category tabs of /faq. A category with entries cannot be deleted.',
            fields: { korName: 'Name (Korean)', engName: 'Name (English)', order: 'Order' },
        },
    },
};
