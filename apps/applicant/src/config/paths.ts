/**
 * Every route of the applicant SPA (spec section 2) in one place.
 * `path` is the react-router pattern; `getHref` builds a concrete URL.
 * `titleKey` is the i18n key used for the document title.
 */
type Path = {
  path: string;
  titleKey: string;
  getHref: (...args: string[]) => string;
};

const simple = (path: string, titleKey: string): Path => ({
  path,
  titleKey,
  getHref: () => path,
});

export const paths = {
  home: simple('/', 'title.home'),
  schoolMain: {
    path: '/:schoolName/main',
    titleKey: 'title.schoolMain',
    getHref: (schoolName: string) => `/${encodeURIComponent(schoolName)}/main`,
  },
  /** a school's 경쟁률 (public): its rounds' applicants per major against the quotas */
  competition: {
    path: '/:schoolName/competition',
    titleKey: 'title.competition',
    getHref: (schoolName: string) => `/${encodeURIComponent(schoolName)}/competition`,
  },
  temp: simple('/temp', 'title.temp'),
  /** any path no route knows */
  notFound: simple('*', 'title.notFound'),
  list: simple('/list', 'title.list'),
  payMobile: simple('/pay/mobile', 'title.payMobile'),

  user: {
    login: simple('/user/login', 'title.login'),
    agree: simple('/user/agree', 'title.agree'),
    register: simple('/user/register', 'title.register'),
    findId: simple('/user/find/id', 'title.findId'),
    findPwd: simple('/user/find/pwd', 'title.findPwd'),
    modifyPwd: {
      path: '/user/modify/pwd/:userId/:expireDate/:hash',
      titleKey: 'title.modifyPwd',
      getHref: (userId: string, expireDate: string, hash: string) =>
        `/user/modify/pwd/${encodeURIComponent(userId)}/${encodeURIComponent(expireDate)}/${encodeURIComponent(hash)}`,
    },
    confirmPwd: {
      path: '/user/confirm/pwd',
      titleKey: 'title.confirmPwd',
      getHref: (type = 'MODIPY') => `/user/confirm/pwd?type=${encodeURIComponent(type)}`,
    },
    modifyInfo: simple('/user/modify/info', 'title.modifyInfo'),
    payReceipt: simple('/user/pay/receipt', 'title.payReceipt'),
    logout: simple('/user/logout', 'title.logout'),
  },

  inquiry: {
    userList: {
      path: '/inquiry/user/list',
      titleKey: 'title.inquiryList',
      getHref: (userId = '') =>
        userId ? `/inquiry/user/list?userId=${encodeURIComponent(userId)}` : '/inquiry/user/list',
    },
    userDetail: {
      path: '/inquiry/user/detail',
      titleKey: 'title.inquiryDetail',
      getHref: (no = '') => (no ? `/inquiry/user/detail?no=${encodeURIComponent(no)}` : '/inquiry/user/detail'),
    },
    userNew: simple('/inquiry/user/new', 'title.inquiryNew'),
  },
  help: simple('/help', 'title.help'),
  faq: simple('/faq', 'title.faq'),
  survey: simple('/survey', 'title.survey'),
  legal: {
    terms: simple('/terms', 'legal.terms'),
    privacy: simple('/privacy', 'legal.privacy'),
    /** every version of a round's consent texts (?schoolCode=&enterYear=&partSeq=) */
    consents: {
      path: '/consent/versions',
      titleKey: 'title.consentVersions',
      getHref: (schoolCode: string, enterYear: string, partSeq: string) =>
        `/consent/versions?${new URLSearchParams({ schoolCode, enterYear, partSeq }).toString()}`,
    },
  },

  appl: {
    agree: simple('/appl/agree', 'title.applAgree'),
    part: simple('/appl/part', 'title.applPart'),
    searchCandidate: simple('/appl/search/candidate', 'title.applSearchCandidate'),
    /** a step of the form: the application in the address (?applNo=, ?mode=view, ?step=), so a
     * bookmark or a new tab opens it; the server answers whether it is the user's */
    form: {
      path: '/appl/form',
      titleKey: 'title.applForm',
      getHref: (applNo = '', mode = '') => {
        const q = new URLSearchParams();
        if (applNo) q.set('applNo', applNo);
        if (mode && mode !== 'edit') q.set('mode', mode);
        const search = q.toString();
        return search ? `/appl/form?${search}` : '/appl/form';
      },
    },
    submit: simple('/appl/submit', 'title.applSubmit'),
    survey: simple('/appl/survey', 'title.applSurvey'),
    pay: simple('/appl/pay', 'title.applPay'),
    none: simple('/appl/none', 'title.applNone'),
    recommendRequestList: simple('/appl/recommend/request/list', 'title.applRecommendRequest'),
    redirectTo: {
      path: '/appl/redirect/to/:type',
      titleKey: 'title.applRedirect',
      getHref: (type: string) => `/appl/redirect/to/${encodeURIComponent(type)}`,
    },
    review: {
      path: '/appl/review/:applNo',
      titleKey: 'title.applReview',
      getHref: (applNo: string) => `/appl/review/${encodeURIComponent(applNo)}`,
    },
  },

  recommend: {
    list: {
      path: '/recommend/:key',
      titleKey: 'title.recommendList',
      getHref: (key: string) => `/recommend/${encodeURIComponent(key)}`,
    },
    form: {
      path: '/recommend/form/:key',
      titleKey: 'title.recommendForm',
      getHref: (key: string) => `/recommend/form/${encodeURIComponent(key)}`,
    },
  },
} as const;

/**
 * The admin SPA is a separate application served at /sysadmin/ (react-admin,
 * routing by path; old hash links are redirected). These are full-page
 * links, never in-app navigation.
 */
export const adminPaths = {
  root: '/sysadmin/',
  roundSettings: '/sysadmin/info-inquiry',
  recruitPartList: '/sysadmin/recruit-part/list',
  applIdCheck: '/sysadmin/applId/check',
} as const;
