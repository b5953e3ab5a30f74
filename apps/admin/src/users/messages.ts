/**
 * Texts of the applicants list (resource users; its roles and statuses name
 * staff's too), Korean and English with the same keys (the English typed by
 * the Korean). Joined into the catalogues by i18n/catalogue.ts.
 */
export const koUsers = {
    resources: {
        users: {
            name: '지원자',
            fields: {
                id: '번호',
                userId: '아이디',
                email: '이메일',
                status: '상태',
                roles: '권한',
                role: '권한',
                schoolCode: '학교',
                createdAt: '가입일시',
                lastLoginAt: '최근 로그인',
                q: '검색',
            },
            search_placeholder: '아이디 또는 이메일',
            never: '없음',
            status: {
                ACTIVE: '활성',
                INACTIVE: '비활성',
                WITHDRAW: '탈퇴',
            },
            roles: {
                ROLE_USER: '지원자',
                ROLE_SYS_ADMIN: '시스템 관리자',
                ROLE_SCHL_ADMIN: '학교 관리자',
                ROLE_SET_ADMIN: '설정 관리자',
                ROLE_TIME_INDEPENDENT: '기간 제한 예외',
                ROLE_STLM_ADMIN: '정산 담당자',
                ROLE_CLOSE_ADMIN: '마감 담당자',
                ROLE_REVIEWER: '평가위원',
            },
        },
    },
};

export const enUsers: typeof koUsers = {
    resources: {
        users: {
            name: 'Applicant |||| Applicants',
            fields: {
                id: 'No.',
                userId: 'User ID',
                email: 'Email',
                status: 'Status',
                roles: 'Roles',
                role: 'Role',
                schoolCode: 'School',
                createdAt: 'Joined',
                lastLoginAt: 'Last sign-in',
                q: 'Search',
            },
            search_placeholder: 'User ID or email',
            never: 'Never',
            status: {
                ACTIVE: 'Active',
                INACTIVE: 'Inactive',
                WITHDRAW: 'Withdrawn',
            },
            roles: {
                ROLE_USER: 'Applicant',
                ROLE_SYS_ADMIN: 'System admin',
                ROLE_SCHL_ADMIN: 'School admin',
                ROLE_SET_ADMIN: 'Setting admin',
                ROLE_TIME_INDEPENDENT: 'Time-limit exempt',
                ROLE_STLM_ADMIN: 'Settlement staff',
                ROLE_CLOSE_ADMIN: 'Closing staff',
                ROLE_REVIEWER: 'Reviewer',
            },
        },
    },
};
