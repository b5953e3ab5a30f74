export { RecommendFormPage as default } from './recommend';
