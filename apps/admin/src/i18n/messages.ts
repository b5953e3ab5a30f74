/**
 * Texts of the app shell (its title, sign-in, language, menu, the home page
 * and the page names the menu shows), Korean and English with the same keys
 * (the English typed by the Korean). Joined into the catalogues by i18n/catalogue.ts.
 */
export const koShell = {
    app: {
        title: 'GradApply 관리자',
        auth: {
            heading: '관리자 로그인',
            user_id: '아이디',
            password: '비밀번호',
            sign_in: '로그인',
            signing_in: '로그인 중…',
            required: '아이디와 비밀번호를 입력해 주세요.',
            not_admin: '관리자 권한이 없습니다.',
            not_admin_hint: '관리자 계정으로 로그인하거나 지원자 사이트로 돌아가세요.',
            login_again: '다시 로그인해 주세요.',
            captcha_required: '로그인 실패가 여러 번 있었습니다. 기본 로그인 화면에서 보안 확인을 마친 뒤 다시 오세요.',
            main_login: '기본 로그인 화면으로',
            applicant_site: '지원자 사이트',
        },
        locale: {
            label: '언어',
            ko: '한국어',
            en: 'English',
        },
        error: {
            server: '서버 오류가 발생했습니다.',
        },
        dashboard: {
            welcome: '%{name}님, 환영합니다',
            intro: '대학원 입학 원서 접수 서비스의 관리자 화면입니다.',
            your_roles: '내 권한',
        },
        menu: {
            coming_soon: '준비 중',
        },
        picker: {
            school: '학교',
            round: '모집 전형',
            no_school: '학교 없음',
            no_round: '모집 전형 없음',
        },
        pages: {
            infoInquiry: '전형 설정 조회',
            recruitPart: '모집 전형',
            applIdCheck: '수험번호 규칙 확인',
            payInfo: '결제 내역',
            settlement: '정산',
            inquiryManage: '문의 관리',
            recommendTemplate: '추천서 양식',
            userManagement: '사용자 관리',
            authList: '권한 관리',
        },
    },
};

export const enShell: typeof koShell = {
    app: {
        title: 'GradApply Admin',
        auth: {
            heading: 'Administrator sign-in',
            user_id: 'User ID',
            password: 'Password',
            sign_in: 'Sign in',
            signing_in: 'Signing in…',
            required: 'Enter your user ID and password.',
            not_admin: 'This account has no administrator rights.',
            not_admin_hint: 'Sign in with an administrator account, or go back to the applicant site.',
            login_again: 'Please log in again.',
            captcha_required: 'Too many failed attempts. Complete the security check on the main sign-in page, then come back.',
            main_login: 'Go to the main sign-in page',
            applicant_site: 'Applicant site',
        },
        locale: {
            label: 'Language',
            ko: '한국어',
            en: 'English',
        },
        error: {
            server: 'server error occurred',
        },
        dashboard: {
            welcome: 'Welcome, %{name}',
            intro: 'The back office of the graduate-school admission service.',
            your_roles: 'Your roles',
        },
        menu: {
            coming_soon: 'Coming soon',
        },
        picker: {
            school: 'School',
            round: 'Round',
            no_school: 'No school',
            no_round: 'No round',
        },
        pages: {
            infoInquiry: 'Round settings',
            recruitPart: 'Recruitment rounds',
            applIdCheck: 'Exam-number rule check',
            payInfo: 'Payments',
            settlement: 'Settlements',
            inquiryManage: 'Inquiries',
            recommendTemplate: 'Recommendation templates',
            userManagement: 'User management',
            authList: 'Role assignment',
        },
    },
};
