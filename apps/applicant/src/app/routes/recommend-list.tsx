export { RecommendListPage as default } from './recommend';
