import { Admin, CustomRoutes, Resource } from 'react-admin';
import { Navigate, Route } from 'react-router-dom';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { i18nProvider } from './i18n/i18nProvider';
import { createStore } from './store';
import { Dashboard } from './dashboard/Dashboard';
import { Layout } from './layout/Layout';
import { LoginPage } from './login/LoginPage';
import { ComingSoon } from './pages/ComingSoon';
import { InfoInquiry } from './pages/InfoInquiry';
import { INFO_INQUIRY, PLANNED_PAGES } from './pages/adminPages';
import users from './users';
import { theme } from './themes/theme';

const store = createStore();

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
        <CustomRoutes>
            {/* The spec names the all-applicants page /sysadmin/user/list. */}
            <Route path="/user/list" element={<Navigate to="/users" replace />} />
            <Route path={`/${INFO_INQUIRY}`} element={<InfoInquiry />} />
            {PLANNED_PAGES.map(page => (
                <Route key={page.path} path={`/${page.path}`} element={<ComingSoon page={page} />} />
            ))}
        </CustomRoutes>
    </Admin>
);
