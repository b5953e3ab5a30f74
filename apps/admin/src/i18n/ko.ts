import englishMessages from 'ra-language-english';
import { koBackoffice } from '../backoffice/messages';
import { koHelpdesk } from '../helpdesk/messages';
import { koInquiry } from '../inquiry/messages';
import { koRefunds } from '../refunds/messages';
import spectrumKorean from '@spectrum/ra-language-korean';
import type { TranslationMessages } from 'react-admin';
import { raKoreanCompletion } from './raKoreanCompletion';
import { deepMerge } from './deepMerge';
import { koRounds } from './rounds.ko';
import { koMoney } from './money.ko';
import { koSurveys } from './surveys.ko';

/** Messages of this app (not react-admin's own), Korean. */
const koBase = {
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
        dashboard: {
            welcome: '%{name}님, 환영합니다',
            intro: '대학원 입학 원서 접수 서비스의 관리자 화면입니다.',
            your_roles: '내 권한',
        },
        menu: {
            coming_soon: '준비 중',
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
        recommend: {
            template: "전형별 추천서 양식",
            intro: "전형별 추천서 양식입니다. 질문과 종류, 순서, 한국어·영어 문구, 추천서 파일 필수 여부, 요구하는 추천서 수를 정합니다. 이미 작성에 쓰인 양식을 바꾸면 새 버전이 되며, 작성 중인 추천서는 기존 버전을 유지합니다.",
            up: "위로",
            down: "아래로",
            remove: "삭제",
            kor: "질문 (한국어)",
            eng: "질문 (영어)",
            kind: "종류",
            max: "최대 글자 수",
            options: "선택지",
            options_help: "한 줄에 하나: 코드|한국어|영어",
            letters: "지원서의 추천서",
            appl_no: "지원서 번호",
            show: "조회",
            letters_failed: "담당 학교에 이 번호의 지원서가 없습니다.",
            no_letters: "요청된 추천서가 없습니다.",
            recommender: "추천인",
            status: "상태",
            dates: "일시",
            downloads: "추천서",
            requested: "요청",
            opened: "열람",
            submitted: "제출",
            pdf: "추천서 PDF",
            saved: "버전 %{version}으로 저장했습니다.",
            version: "버전 %{version}",
            default: "기본 양식 (저장 전)",
            letters_asked: "요구 추천서 수",
            file_required: "추천서 파일 필수",
            add: "질문 추가",
            kinds: {
                text: "한 줄",
                long: "긴 글",
                choice: "선택형",
            },
            cancel: "요청 취소",
            cancel_title: "추천서 요청 취소",
            cancel_help: "추천인의 링크는 즉시 더 이상 열리지 않습니다. 지원자와 추천인에게 취소 사유가 메일로 전달되며, 취소 내역은 감사 기록에 남습니다.",
            cancel_reason: "취소 사유",
            cancel_confirm: "요청 취소하기",
            cancelled: "요청을 취소했습니다. 지원자와 추천인에게 메일을 보냅니다.",
            statuses: {
                "00010": "요청 발송",
                "00020": "열람함",
                "00030": "작성 중",
                "00040": "제출 완료",
            },
        },
        info_inquiry: {
            intro: '학교의 모집 전형과 전형료, 일정, 기본정보 항목 설정을 조회합니다(읽기 전용).',
            school: '학교',
            round: '전형',
            fee: '전형료',
            windows: '일정',
            settings: '기본정보 항목 설정',
            required: '필수',
            shown: '표시',
            hidden: '숨김',
            none: '이 학교에는 모집 전형이 없습니다.',
            load_failed: '전형 설정을 불러오지 못했습니다.',
        },
        coming_soon: {
            badge: '준비 중',
            body: '이 화면은 아직 제공되지 않습니다. 준비가 끝나면 이 메뉴에서 열 수 있습니다.',
            back: '대시보드로 돌아가기',
        },
    },
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
                schoolCode: '학교 코드',
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
            },
        },
    },
};

/** With the round and school settings pages (i18n/rounds.ko.ts). */
export const koApp = deepMerge(deepMerge(deepMerge(koBase, koRounds), koMoney), koSurveys);

/**
 * react-admin in Korean: the community pack over English (so nothing is
 * ever missing at run time), then our completion and corrections on top.
 * The i18n test checks the Korean sources alone cover every English key.
 */
export const koReactAdmin = deepMerge(
    deepMerge(englishMessages, spectrumKorean as TranslationMessages),
    raKoreanCompletion,
) as TranslationMessages;

export const koMessages: TranslationMessages = {
    ...koReactAdmin,
    ...deepMerge(deepMerge(deepMerge(deepMerge(koApp, koBackoffice), koHelpdesk), koInquiry), koRefunds),
};

export default koMessages;
