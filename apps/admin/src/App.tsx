import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Navigate, Route, useParams, useSearchParams } from 'react-router-dom';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { createStore } from './store';
import { lazyNamed } from './lazyNamed';
import { Layout } from './layout/Layout';
import { LoginPage } from './login/LoginPage';
import { INFO_INQUIRY, PLANNED_PAGES, RECOMMEND_TEMPLATE } from './pages/adminPages';
import { ComingSoon, InfoInquiry, RecommendTemplate } from './pages';
import users from './users';
import rounds, { ApplIdCheck, RemakeApplId, RoundInfo } from './rounds';
import { SchoolSettings } from './school';
import surveys, { SurveyQuestions, SurveyResults } from './surveys';
import { accessLog, applications, members, roles, roundClosures } from './backoffice';
import { MemberUpdateRedirect } from './backoffice/SupportPanel';
import { faq, faqCategories, helpPosts } from './helpdesk';
import { inquiries } from './inquiry';
import { theme } from './themes/theme';
import { feeRules, ManualPay, payAttempts, payCancels, PayCancelPage, payCheck, payFailures, SettlementPage } from './money';
import { refundRequests, refundRules } from './refunds';
import { evaluationRoutes } from './officers/evaluation';
import { DECISION_PAGE, DecisionsPage } from './officers/decisions';
import { BULK_MAIL_PAGE, BulkMailPage, notices } from './officers/notices';

// Every resource view and custom page is loaded on first visit (see
// lazyNamed): the first load holds the shell, the login page and react-admin's core.
const Dashboard = lazyNamed(() => import('./layout/Dashboard'), 'Dashboard');

const store = createStore();

/** recruit-part/detail?id=236-2027-1 is the round's page. */
const RecruitPartDetail = () => {
    const [params] = useSearchParams();
    const id = params.get('id');
    return <Navigate to={id ? `/recruit-parts/${encodeURIComponent(id)}` : '/recruit-parts'} replace />;
};

/**
 * The seed's paths with a parameter (section 2) open the page that shows it:
 * appl/basic/{applNo} the application, appl/list/{userId} the applications
 * of one account, auth/detail/{userId} the account's roles.
 */
const SeedParamRedirect = ({ to }: { to: (id: string) => string }) => {
    const { id = '' } = useParams();
    return <Navigate to={to(encodeURIComponent(id))} replace />;
};
const byUser = (id: string) => `/applications?filter=${encodeURIComponent(JSON.stringify({ userId: decodeURIComponent(id) }))}`;

/**
 * The back office. It is rendered inside a browser router whose basename is
 * /sysadmin (see main.tsx), so every path below is relative to /sysadmin;
 * links written the hash way (/sysadmin/#/info-inquiry) are turned into
 * these paths before the router starts (router.tsx, pathFromHashLink).
 */
export const App = () => (
    <Admin
        disableTelemetry
        requireAuth
        title="GradApply"
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        store={store}
        loginPage={LoginPage}
        layout={Layout}
        theme={theme}
        dashboard={Dashboard}
    >
        <Resource name="users" {...users} />
        <Resource name="recruit-parts" {...rounds} />
        {/* The staff money pages (issue 10); the menu lists them under their own heading. */}
        <Resource name="pay/attempts" {...payAttempts} />
        <Resource name="pay/cancels" {...payCancels} />
        <Resource name="pay/failures" {...payFailures} />
        <Resource name="pay/check" {...payCheck} />
        {/* Settlement fee rules (issue 18): system admins. */}
        <Resource name="fee-rules" {...feeRules} />
        {/* Applicants' refund requests and the schools' refund rules (issue 18). */}
        <Resource name="pay/refund-requests" {...refundRequests} />
        <Resource name="pay/refund-rules" {...refundRules} />
        <Resource name="applications" {...applications} />
        <Resource name="members" {...members} />
        <Resource name="roles" {...roles} />
        <Resource name="access-log" {...accessLog} />
        <Resource name="faq" {...faq} />
        <Resource name="faq-categories" {...faqCategories} />
        <Resource name="help-posts" {...helpPosts} />
        <Resource name="inquiries" {...inquiries} />
        <Resource name="round-closures" {...roundClosures} />
        <Resource name="surveys" {...surveys} />
        {/* The officers' console (issue 23): notices. */}
        <Resource name="notices" {...notices} />
        <CustomRoutes>
            {/* The spec names the all-applicants page /sysadmin/user/list. */}
            <Route path="/user/list" element={<Navigate to="/users" replace />} />
            <Route path="/user/management" element={<Navigate to="/members" replace />} />
            <Route path="/user/management/update" element={<MemberUpdateRedirect />} />
            <Route path="/appl/basic/:id" element={<SeedParamRedirect to={id => `/applications/${id}/show`} />} />
            <Route path="/appl/list/:id" element={<SeedParamRedirect to={byUser} />} />
            <Route path="/auth/detail/:id" element={<SeedParamRedirect to={id => `/roles/${id}/show`} />} />
            <Route path="/remake/application" element={<Navigate to="/applications" replace />} />
            <Route path="/auth/list" element={<Navigate to="/roles" replace />} />
            <Route path="/round/close" element={<Navigate to="/round-closures" replace />} />
            <Route path={`/${INFO_INQUIRY}`} element={<InfoInquiry />} />
            {/* Round and school settings (issue 12); the spec's paths lead to the resource. */}
            <Route path={`/${INFO_INQUIRY}/:id`} element={<RoundInfo />} />
            <Route path="/recruit-part/list" element={<Navigate to="/recruit-parts" replace />} />
            <Route path="/recruit-part/create" element={<Navigate to="/recruit-parts/create" replace />} />
            <Route path="/recruit-part/detail" element={<RecruitPartDetail />} />
            <Route path="/applId/check" element={<ApplIdCheck />} />
            <Route path="/remake/applid" element={<RemakeApplId />} />
            <Route path="/school/settings" element={<SchoolSettings />} />
            <Route path="/survey/questions" element={<SurveyQuestions />} />
            <Route path="/survey/list" element={<Navigate to="/surveys" replace />} />
            <Route path="/surveys/:id/results" element={<SurveyResults />} />
            <Route path={`/${RECOMMEND_TEMPLATE}`} element={<RecommendTemplate />} />
            <Route path="/pay/info" element={<Navigate to="/pay/attempts" replace />} />
            <Route path="/pay/cancel/history" element={<Navigate to="/pay/cancels" replace />} />
            <Route path="/pay-failure/history" element={<Navigate to="/pay/failures" replace />} />
            <Route path="/pay-check" element={<Navigate to="/pay/check" replace />} />
            <Route path="/manual-pay" element={<ManualPay />} />
            <Route path="/pay/cancel" element={<PayCancelPage />} />
            <Route path="/settlement/list" element={<SettlementPage />} />
            <Route path="/settlement/fee-rules" element={<Navigate to="/fee-rules" replace />} />
            <Route path="/refund-requests" element={<Navigate to="/pay/refund-requests" replace />} />
            <Route path="/refund-rules" element={<Navigate to="/pay/refund-rules" replace />} />
            <Route path="/inquiry/manage" element={<Navigate to="/inquiries" replace />} />
            {/* The officers' evaluation pages (issue 23 item 2). */}
            {evaluationRoutes}
            {/* The officers' console (issue 23): decisions and their release, bulk mail. */}
            <Route path={`/${DECISION_PAGE}`} element={<DecisionsPage />} />
            <Route path={`/${BULK_MAIL_PAGE}`} element={<BulkMailPage />} />
            {PLANNED_PAGES.map(page => (
                <Route key={page.path} path={`/${page.path}`} element={<ComingSoon page={page} />} />
            ))}
        </CustomRoutes>
    </Admin>
);
