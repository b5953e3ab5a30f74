import englishMessages from 'ra-language-english';
import { enBackoffice } from '../backoffice/messages';
import { enHelpdesk } from '../helpdesk/messages';
import { enInquiry } from '../inquiry/messages';
import { enRefunds } from '../refunds/messages';
import type { TranslationMessages } from 'react-admin';
import { deepMerge } from './deepMerge';
import { enRounds } from './rounds.en';
import { enMoney } from './money.en';
import { enSurveys } from './surveys.en';

/** Messages of this app (not react-admin's own), English. */
const enBase = {
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
        dashboard: {
            welcome: 'Welcome, %{name}',
            intro: 'The back office of the graduate-school admission service.',
            your_roles: 'Your roles',
        },
        menu: {
            coming_soon: 'Coming soon',
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
        recommend: {
            template: "Letter template of a round",
            intro: "A round's letter form: questions, their kinds and order, Korean and English texts, the letter file, and how many letters the round asks for. Saving a template that letters were opened on makes a new version; those letters keep theirs.",
            up: "Move up",
            down: "Move down",
            remove: "Remove",
            kor: "Question (Korean)",
            eng: "Question (English)",
            kind: "Kind",
            max: "Max characters",
            options: "Options",
            options_help: "One per line: code|Korean|English",
            letters: "Letters of an application",
            appl_no: "Application number",
            show: "Show",
            letters_failed: "No application with this number in your schools.",
            no_letters: "No letters requested.",
            recommender: "Recommender",
            status: "Status",
            dates: "Dates",
            downloads: "Letter",
            requested: "Requested",
            opened: "Opened",
            submitted: "Submitted",
            pdf: "Letter PDF",
            saved: "Saved as version %{version}",
            version: "Version %{version}",
            default: "Default template (not saved yet)",
            letters_asked: "Letters asked for",
            file_required: "A letter file is required",
            add: "Add a question",
            kinds: {
                text: "One line",
                long: "Long text",
                choice: "Choice",
            },
            cancel: "Cancel request",
            cancel_title: "Cancel this letter request",
            cancel_help: "The recommender's link stops working at once. The applicant and the recommender receive the reason by e-mail, and the cancellation is recorded in the audit log.",
            cancel_reason: "Reason",
            cancel_confirm: "Cancel the request",
            cancelled: "The request was cancelled; both sides are being mailed.",
            statuses: {
                "00010": "Sent",
                "00020": "Opened",
                "00030": "Being written",
                "00040": "Completed",
            },
        },
        info_inquiry: {
            intro: 'The recruitment rounds of the school with their fees, windows and basic-info settings (read-only).',
            school: 'School',
            round: 'Round',
            fee: 'Fee',
            windows: 'Windows',
            settings: 'Basic-info settings',
            required: 'required',
            shown: 'shown',
            hidden: 'hidden',
            none: 'This school has no recruitment rounds.',
            load_failed: 'The round settings could not be loaded.',
        },
        coming_soon: {
            badge: 'Coming soon',
            body: 'This page is not available yet. It will open from this menu once it is ready.',
            back: 'Back to the dashboard',
        },
    },
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
                schoolCode: 'School code',
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
            },
        },
    },
};

/** With the round and school settings pages (i18n/rounds.en.ts). */
export const enApp = deepMerge(deepMerge(deepMerge(enBase, enRounds), enMoney), enSurveys);

export const enMessages: TranslationMessages = {
    ...englishMessages,
    ...deepMerge(deepMerge(deepMerge(deepMerge(enApp, enBackoffice), enHelpdesk), enInquiry), enRefunds),
};

export default enMessages;
