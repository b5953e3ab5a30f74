import GradingIcon from '@mui/icons-material/Grading';
import RateReviewIcon from '@mui/icons-material/RateReview';
import { Menu, usePermissions, useTranslate } from 'react-admin';
import { Route } from 'react-router-dom';
import type { Permissions } from '../../authProvider';
import { lazyNamed } from '../../lazyNamed';

const EvaluationPage = lazyNamed(() => import('./EvaluationPage'), 'EvaluationPage');
const MyReviews = lazyNamed(() => import('./MyReviews'), 'MyReviews');
const ReviewPage = lazyNamed(() => import('./ReviewPage'), 'ReviewPage');

/** The pages' paths under /sysadmin, as core/permission lists them. */
export const EVALUATION = 'evaluation';
export const EVALUATION_MINE = 'evaluation/mine';

/** The evaluation pages' routes (issue 23 item 2), for App's CustomRoutes. */
export const evaluationRoutes = [
    <Route key={EVALUATION} path={`/${EVALUATION}`} element={<EvaluationPage />} />,
    <Route key={EVALUATION_MINE} path={`/${EVALUATION_MINE}`} element={<MyReviews />} />,
    <Route key={`${EVALUATION_MINE}/:applNo`} path={`/${EVALUATION_MINE}/:applNo`} element={<ReviewPage />} />,
];

/** The menu's evaluation items: staff get the round's evaluation, reviewers their own reviews. */
export const EvaluationMenuItems = () => {
    const translate = useTranslate();
    const { permissions } = usePermissions<Permissions>();
    const pages = permissions?.pages ?? [];
    return (
        <>
            {pages.includes(EVALUATION) && (
                <Menu.Item to={`/${EVALUATION}`} primaryText={translate('app.pages.evaluation')} leftIcon={<GradingIcon />} data-testid="menu-evaluation" />
            )}
            {pages.includes(EVALUATION_MINE) && (
                <Menu.Item to={`/${EVALUATION_MINE}`} primaryText={translate('app.pages.evaluationMine')} leftIcon={<RateReviewIcon />} data-testid="menu-evaluation-mine" />
            )}
        </>
    );
};
