import { useSchoolNotices } from '../api/get-notices';
import { NoticeList } from './notice-list';

/** A school's public page: the site's and the school's current notices. */
export function SchoolNotices({ schoolCode }: { schoolCode: string }) {
  const notices = useSchoolNotices(schoolCode);
  return <NoticeList notices={notices.data} testId="school-notices" />;
}
