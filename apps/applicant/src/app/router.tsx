import { isValidElement, type ReactNode } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import type { RouteHandle } from '@/components/layout/document-title';
import { RootLayout } from './routes/root';
import { RequireApplicationAccess, RequireUser } from './routes/guards';
import { lazyPage, type Preloadable } from '@/components/lazy-page';

// Every page is its own chunk; the entry holds only the shell.
const HomePage = lazyPage(() => import('./routes/home'), { shellTexts: true });
const LoginPage = lazyPage(() => import('./routes/login'));
const AgreePage = lazyPage(() => import('./routes/agree'));
const RegisterPage = lazyPage(() => import('./routes/register'));
const LogoutPage = lazyPage(() => import('./routes/logout'));
const ComingSoon = lazyPage(() => import('@/components/coming-soon'));
const FindIdPage = lazyPage(() => import('./routes/find-id'));
const FindPwdPage = lazyPage(() => import('./routes/find-pwd'));
const ModifyPwdPage = lazyPage(() => import('./routes/modify-pwd'));
const ConfirmPwdPage = lazyPage(() => import('./routes/confirm-pwd'));
const ModifyInfoPage = lazyPage(() => import('./routes/modify-info'));
const TermsPage = lazyPage(() => import('./routes/legal'));
const PrivacyPage = lazyPage(() => import('./routes/privacy'));
const ConsentVersionsPage = lazyPage(() => import('./routes/consent-versions'));
const SchoolMainPage = lazyPage(() => import('./routes/school-main'));
const CompetitionPage = lazyPage(() => import('./routes/competition'));
const MyListPage = lazyPage(() => import('./routes/my-list'));
const ApplAgreePage = lazyPage(() => import('./routes/appl-agree'));
const ApplPartPage = lazyPage(() => import('./routes/appl-part'));
const ApplCandidatePage = lazyPage(() => import('./routes/appl-candidate'));
const ApplFormPage = lazyPage(() => import('./routes/appl-form'));
const ApplRedirectPage = lazyPage(() => import('./routes/appl-redirect'));
const ApplReviewPage = lazyPage(() => import('./routes/appl-review'));
const ApplSubmitPage = lazyPage(() => import('./routes/appl-submit'));
const ApplPayPage = lazyPage(() => import('./routes/appl-pay'));
const ApplNonePage = lazyPage(() => import('./routes/appl-none'));
const ApplSurveyPage = lazyPage(() => import('./routes/appl-survey'));
const SurveyPage = lazyPage(() => import('./routes/survey'));
const PayMobilePage = lazyPage(() => import('./routes/pay-mobile'));
const PayReceiptPage = lazyPage(() => import('./routes/pay-receipt'));
const ApplRecommendPage = lazyPage(() => import('./routes/appl-recommend'));
const RecommendListPage = lazyPage(() => import('./routes/recommend-list'));
const RecommendFormPage = lazyPage(() => import('./routes/recommend-form'));
const FaqPage = lazyPage(() => import('./routes/faq'));
const HelpPage = lazyPage(() => import('./routes/help'));
const InquiryListPage = lazyPage(() => import('./routes/inquiry-list'));
const InquiryDetailPage = lazyPage(() => import('./routes/inquiry-detail'));
const InquiryNewPage = lazyPage(() => import('./routes/inquiry-new'));
const NotFoundPage = lazyPage(() => import('./routes/not-found'), { shellTexts: true });

/** 'addressed': an application-flow page that may name its application in the address */
type Guard = 'user' | 'application' | 'addressed' | undefined;

function page(route: { path: string; titleKey: string }, element: ReactNode, guard?: Guard): RouteObject {
  const handle: RouteHandle = { titleKey: route.titleKey };
  let guarded = element;
  if (guard === 'user') guarded = <RequireUser>{element}</RequireUser>;
  if (guard === 'application') guarded = <RequireApplicationAccess>{element}</RequireApplicationAccess>;
  if (guard === 'addressed') guarded = <RequireApplicationAccess addressed>{element}</RequireApplicationAccess>;
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
      page(paths.user.findId, <FindIdPage />),
      page(paths.user.findPwd, <FindPwdPage />),
      page(paths.user.modifyPwd, <ModifyPwdPage />),
      page(paths.user.confirmPwd, <ConfirmPwdPage />, 'user'),
      page(paths.user.modifyInfo, <ModifyInfoPage />, 'user'),
      page(paths.user.payReceipt, <PayReceiptPage />, 'user'),

      page(paths.list, <MyListPage />, 'user'),
      page(paths.temp, soon, 'application'),
      page(paths.payMobile, <PayMobilePage />, 'user'),
      page(paths.inquiry.userList, <InquiryListPage />, 'user'),
      page(paths.inquiry.userDetail, <InquiryDetailPage />, 'user'),
      page(paths.inquiry.userNew, <InquiryNewPage />, 'user'),
      page(paths.help, <HelpPage />),
      page(paths.faq, <FaqPage />),
      page(paths.survey, <SurveyPage />, 'user'),
      page(paths.legal.terms, <TermsPage />),
      page(paths.legal.privacy, <PrivacyPage />),
      page(paths.legal.consents, <ConsentVersionsPage />),

      page(paths.appl.agree, <ApplAgreePage />, 'application'),
      page(paths.appl.part, <ApplPartPage />, 'application'),
      page(paths.appl.searchCandidate, <ApplCandidatePage />, 'application'),
      page(paths.appl.form, <ApplFormPage />, 'addressed'),
      page(paths.appl.submit, <ApplSubmitPage />, 'application'),
      page(paths.appl.survey, <ApplSurveyPage />, 'application'),
      page(paths.appl.pay, <ApplPayPage />, 'application'),
      page(paths.appl.none, <ApplNonePage />, 'application'),
      page(paths.appl.recommendRequestList, <ApplRecommendPage />, 'application'),
      page(paths.appl.redirectTo, <ApplRedirectPage />, 'application'),
      page(paths.appl.review, <ApplReviewPage />, 'application'),

      page(paths.recommend.form, <RecommendFormPage />),
      page(paths.recommend.list, <RecommendListPage />),
      page(paths.schoolMain, <SchoolMainPage />),
      page(paths.competition, <CompetitionPage />),

      // unknown paths: a page that says so (issue 21), not a silent trip home
      page(paths.notFound, <NotFoundPage />),
    ],
  },
];

/** Loads the code of the page shown at pathname (with its guards' children),
 * so that React's first render shows that page, not a fallback. */
export async function preloadPage(pathname: string): Promise<void> {
  const loads: Promise<unknown>[] = [];
  for (const match of matchRoutes(routes, pathname) ?? []) {
    let element: ReactNode = match.route.element;
    while (isValidElement<{ children?: ReactNode }>(element)) {
      const type = element.type as Partial<Preloadable>;
      if (typeof type.preload === 'function') loads.push(type.preload());
      element = element.props.children;
    }
  }
  await Promise.all(loads);
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
