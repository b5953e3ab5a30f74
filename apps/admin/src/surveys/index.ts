import { lazyNamed } from '../lazyNamed';

/** survey/list: the site surveys (issue 14). */
export default {
    list: lazyNamed(() => import('./SiteSurveys'), 'SurveyList'),
    create: lazyNamed(() => import('./SiteSurveys'), 'SurveyCreate'),
    edit: lazyNamed(() => import('./SiteSurveys'), 'SurveyEdit'),
};

export const SurveyResults = lazyNamed(() => import('./SiteSurveys'), 'SurveyResults');
/** survey/questions: a school's application survey questions (issue 12). */
export const SurveyQuestions = lazyNamed(() => import('./SurveyQuestions'), 'SurveyQuestions');
