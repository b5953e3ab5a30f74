import { lazyNamed } from '../lazyNamed';

/** The round settings and recommendation pages, each loaded on first visit. */
export const InfoInquiry = lazyNamed(() => import('./InfoInquiry'), 'InfoInquiry');
export const RecommendTemplate = lazyNamed(() => import('./RecommendTemplate'), 'RecommendTemplate');
export const ComingSoon = lazyNamed(() => import('./ComingSoon'), 'ComingSoon');
