import { FindPage } from './find-id';

export function FindPwdPage() {
  return <FindPage mode="pwd" />;
}

export default FindPwdPage;
