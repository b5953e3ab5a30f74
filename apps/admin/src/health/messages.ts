/**
 * Texts of the server health card, Korean and English with the same keys
 * (the English typed by the Korean). Joined into the catalogues by i18n/catalogue.ts.
 */
export const koHealth = {
    app: {
        health: {
            title: '서버 상태',
            overall: '전체',
            components: '구성 요소',
            db: '데이터베이스',
            redis: 'Redis',
            checked_at: '%{time} 확인',
            refresh_note: '30초마다 새로 고칩니다.',
            unreachable: '상태 확인 주소에 연결할 수 없습니다.',
            no_components: '구성 요소 정보가 없습니다.',
            refresh: '지금 확인',
            checking: '확인 중…',
            status: {
                UP: '정상',
                DOWN: '중단',
                OUT_OF_SERVICE: '서비스 중지',
                UNKNOWN: '알 수 없음',
            },
        },
    },
};

export const enHealth: typeof koHealth = {
    app: {
        health: {
            title: 'Server health',
            overall: 'Overall',
            components: 'Components',
            db: 'Database',
            redis: 'Redis',
            checked_at: 'Checked at %{time}',
            refresh_note: 'Refreshed every 30 seconds.',
            unreachable: 'The health endpoint could not be reached.',
            no_components: 'No component details.',
            refresh: 'Check now',
            checking: 'Checking…',
            status: {
                UP: 'Up',
                DOWN: 'Down',
                OUT_OF_SERVICE: 'Out of service',
                UNKNOWN: 'Unknown',
            },
        },
    },
};
