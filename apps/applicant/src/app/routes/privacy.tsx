import { PrivacyPage } from './legal';

export default PrivacyPage;
