/**
 * Texts of the survey pages (issues 12 and 14), Korean and English with the same keys
 * (the English typed by the Korean). Joined into the catalogues by i18n/catalogue.ts.
 */
export const koSurveys = {
    app: {
        pages: {
            surveyQuestions: '지원서 설문 문항',
        },
        survey: {
            questions_intro:
                '지원서 설문 단계의 문항입니다. 지원서가 응답한 문항이나 항목은 삭제하면 보관(사용 중지)되어 기존 응답은 유지되고 새 지원서에는 보이지 않습니다.',
            stage: '묻는 곳',
            stages: { SURVEY: '설문 단계', PART: '모집 단위 선택 시' },
            retired: '응답이 있어 보관된 문항: %{codes}',
            questionCode: '코드',
            inputType: '입력 유형',
            korText: '질문(국문)',
            engText: '질문(영문)',
            required: '필수',
            items: '항목',
            itemCode: '항목 코드',
            korValue: '항목(국문)',
            engValue: '항목(영문)',
            hasComment: '의견 입력란',
            type: { radio: '하나 선택', checkbox: '여러 개 선택', text: '짧은 글', textarea: '긴 글' },
            audiences: { ALL: '전체 회원', SCHOOL: '학교 지원자', ROUND: '한 모집 회차 지원자' },
            provider: '운영자(전체 학교)',
            completion_hint: '이 회차 지원서가 접수 완료되면 /appl/survey에서 안내합니다',
            questions: '질문',
            frozen: '응답이 있는 설문입니다. 질문은 바꿀 수 없고 제목과 기간만 바꿀 수 있습니다.',
            results: '결과',
            responses_n: '응답 %{n}건',
            export: 'CSV 내려받기',
            item: '항목',
            count: '응답 수',
            no_texts: '아직 응답이 없습니다.',
        },
    },
    resources: {
        surveys: {
            name: '설문',
            create_title: '새 설문',
            fields: {
                schoolCode: '학교',
                titleKo: '제목(국문)',
                titleEn: '제목(영문)',
                startDay: '시작일',
                endDay: '종료일',
                period: '기간',
                audience: '대상',
                enterYear: '입학 연도',
                recruitPartSeq: '회차',
                completion: '회차 접수 완료 설문',
                responses: '응답 수',
            },
        },
    },
};

export const enSurveys: typeof koSurveys = {
    app: {
        pages: {
            surveyQuestions: 'Application survey questions',
        },
        survey: {
            questions_intro:
                'The questions of the application form\u2019s survey. A question or item that an application answered is retired when removed (kept for those answers, hidden from new forms).',
            stage: 'Asked',
            stages: { SURVEY: 'In the survey step', PART: 'With the application part' },
            retired: 'Kept for the answers given (retired): %{codes}',
            questionCode: 'Code',
            inputType: 'Input type',
            korText: 'Question (Korean)',
            engText: 'Question (English)',
            required: 'Required',
            items: 'Items',
            itemCode: 'Item code',
            korValue: 'Item (Korean)',
            engValue: 'Item (English)',
            hasComment: 'Comment box',
            type: { radio: 'One choice', checkbox: 'Several choices', text: 'Short text', textarea: 'Long text' },
            audiences: { ALL: 'Every member', SCHOOL: 'Applicants of the school', ROUND: 'Applicants of one round' },
            provider: 'Provider (every school)',
            completion_hint: 'Offered at /appl/survey after an application of the round completes',
            questions: 'Questions',
            frozen: 'This survey has responses: its questions can no longer change (the title and period can).',
            results: 'Results',
            responses_n: '%{n} responses',
            export: 'Export CSV',
            item: 'Item',
            count: 'Responses',
            no_texts: 'No answers yet.',
        },
    },
    resources: {
        surveys: {
            name: 'Survey |||| Surveys',
            create_title: 'New survey',
            fields: {
                schoolCode: 'School',
                titleKo: 'Title (Korean)',
                titleEn: 'Title (English)',
                startDay: 'First day',
                endDay: 'Last day',
                period: 'Period',
                audience: 'Audience',
                enterYear: 'Entrance year',
                recruitPartSeq: 'Round',
                completion: 'Completion survey of the round',
                responses: 'Responses',
            },
        },
    },
};
