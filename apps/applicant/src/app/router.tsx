import { lazy, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import type { RouteHandle } from '@/components/layout/document-title';
import { RootLayout } from './routes/root';
import { RequireApplicationAccess, RequireUser } from './routes/guards';

// Every page is its own chunk; the entry holds only the shell.
const HomePage = lazy(() => import('./routes/home'));
const LoginPage = lazy(() => import('./routes/login'));
const AgreePage = lazy(() => import('./routes/agree'));
const RegisterPage = lazy(() => import('./routes/register'));
const LogoutPage = lazy(() => import('./routes/logout'));
const ComingSoon = lazy(() => import('@/components/coming-soon'));
const SchoolMainPage = lazy(() => import('./routes/school-main'));
const MyListPage = lazy(() => import('./routes/my-list'));
const ApplAgreePage = lazy(() => import('./routes/appl-agree'));
const ApplPartPage = lazy(() => import('./routes/appl-part'));
const ApplCandidatePage = lazy(() => import('./routes/appl-candidate'));
const ApplFormPage = lazy(() => import('./routes/appl-form'));
const ApplRedirectPage = lazy(() => import('./routes/appl-redirect'));
const ApplReviewPage = lazy(() => import('./routes/appl-review'));
const ApplSubmitPage = lazy(() => import('./routes/appl-submit'));
const ApplPayPage = lazy(() => import('./routes/appl-pay'));
const ApplNonePage = lazy(() => import('./routes/appl-none'));

type Guard = 'user' | 'application' | undefined;

function page(route: { path: string; titleKey: string }, element: ReactNode, guard?: Guard): RouteObject {
  const handle: RouteHandle = { titleKey: route.titleKey };
  let guarded = element;
  if (guard === 'user') guarded = <RequireUser>{element}</RequireUser>;
  if (guard === 'application') guarded = <RequireApplicationAccess>{element}</RequireApplicationAccess>;
  return { path: route.path, element: guarded, handle };
}

const soon = <ComingSoon />;

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      page(paths.home, <HomePage />),
      page(paths.user.login, <LoginPage />),
      page(paths.user.agree, <AgreePage />),
      page(paths.user.register, <RegisterPage />),
      page(paths.user.logout, <LogoutPage />),
      page(paths.user.findId, soon),
      page(paths.user.findPwd, soon),
      page(paths.user.modifyPwd, soon),
      page(paths.user.confirmPwd, soon, 'user'),
      page(paths.user.modifyInfo, soon, 'user'),
      page(paths.user.payReceipt, soon, 'user'),

      page(paths.list, <MyListPage />, 'user'),
      page(paths.temp, soon, 'application'),
      page(paths.payMobile, soon),
      page(paths.inquiry.userList, soon, 'user'),
      page(paths.inquiry.userDetail, soon, 'user'),
      page(paths.help, soon),
      page(paths.faq, soon),
      page(paths.survey, soon),

      page(paths.appl.agree, <ApplAgreePage />, 'application'),
      page(paths.appl.part, <ApplPartPage />, 'application'),
      page(paths.appl.searchCandidate, <ApplCandidatePage />, 'application'),
      page(paths.appl.form, <ApplFormPage />, 'application'),
      page(paths.appl.submit, <ApplSubmitPage />, 'application'),
      page(paths.appl.survey, soon, 'application'),
      page(paths.appl.pay, <ApplPayPage />, 'application'),
      page(paths.appl.none, <ApplNonePage />, 'application'),
      page(paths.appl.recommendRequestList, soon, 'application'),
      page(paths.appl.redirectTo, <ApplRedirectPage />, 'application'),
      page(paths.appl.review, <ApplReviewPage />, 'application'),

      page(paths.recommend.form, soon),
      page(paths.recommend.list, soon),
      page(paths.schoolMain, <SchoolMainPage />),

      // unknown paths go home
      { path: '*', element: <Navigate to={paths.home.getHref()} replace /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
