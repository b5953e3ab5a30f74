/** Texts of the 1:1 inquiry pages (inquiry/manage), Korean and English with the same keys. */
const typesKo = { application: '지원서', payment: '결제·환불', recommendation: '추천서', account: '회원 정보', other: '기타' };
const typesEn = { application: 'Application', payment: 'Payment and refund', recommendation: 'Recommendation', account: 'Account', other: 'Other' };
const statusKo = { waiting: '답변 대기', answered: '답변 완료', closed: '종료' };
const statusEn = { waiting: 'Waiting', answered: 'Answered', closed: 'Closed' };

export const koInquiry = {
    resources: {
        inquiries: {
            name: '1:1 문의',
            fields: {
                id: '번호', status: '상태', type: '유형', title: '제목', userId: '회원 ID', schoolCode: '학교',
                createdAt: '문의일', updatedAt: '최근 변경', answers: '답변 수', q: '검색', from: '문의일 (부터)', to: '문의일 (까지)',
            },
            search_placeholder: '제목, 내용, 회원 ID',
        },
    },
    inquiry: {
        types: typesKo,
        status: statusKo,
        intro: '지원자의 1:1 문의입니다. 학교 관리자는 자기 학교에 관한 문의만 보고 답변합니다. 문의를 열람하면 개인정보 열람 기록에 남습니다.',
        question: '문의 내용',
        attachment: '첨부 파일',
        answer: '답변',
        follow_up: '추가 문의',
        by: '작성: %{by}',
        no_school: '학교 지정 없음',
        answer_title: '답변 작성',
        answer_label: '답변 내용',
        answer_help: '답변을 등록하면 지원자에게 메일(지원자의 언어)과 알림이 갑니다.',
        send: '답변 등록',
        sent: '답변을 등록했습니다.',
        close: '문의 종료',
        closed: '문의를 종료했습니다.',
        closed_note: '종료된 문의입니다.',
    },
};

export const enInquiry: typeof koInquiry = {
    resources: {
        inquiries: {
            name: '1:1 inquiries',
            fields: {
                id: 'No.', status: 'Status', type: 'Type', title: 'Title', userId: 'Member ID', schoolCode: 'School',
                createdAt: 'Asked', updatedAt: 'Last change', answers: 'Answers', q: 'Search', from: 'Asked from', to: 'Asked until',
            },
            search_placeholder: 'Title, text, member ID',
        },
    },
    inquiry: {
        types: typesEn,
        status: statusEn,
        intro: 'Members’ 1:1 inquiries. A school admin sees and answers those about their school only. Opening one is written to the personal-data access log.',
        question: 'Question',
        attachment: 'Attachment',
        answer: 'Answer',
        follow_up: 'Follow-up',
        by: 'By %{by}',
        no_school: 'No school',
        answer_title: 'Write an answer',
        answer_label: 'Answer',
        answer_help: 'The member is told by e-mail (in their language) and in the menu when you post an answer.',
        send: 'Post answer',
        sent: 'The answer has been posted.',
        close: 'Close the inquiry',
        closed: 'The inquiry has been closed.',
        closed_note: 'This inquiry is closed.',
    },
};
