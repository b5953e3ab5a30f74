import { useSchoolNotices, type Notice } from '../api/get-notices';
import { NoticeList } from './notice-list';

/** A school's public page: the site's and the school's current notices; sourceOf names them (a round's by the round). */
export function SchoolNotices({ schoolCode, sourceOf }: { schoolCode: string; sourceOf?: (n: Notice) => string | undefined }) {
  const notices = useSchoolNotices(schoolCode);
  return <NoticeList notices={notices.data} sourceOf={sourceOf} testId="school-notices" />;
}
