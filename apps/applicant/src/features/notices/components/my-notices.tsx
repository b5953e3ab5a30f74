import { useMyNotices, type Notice } from '../api/get-notices';
import { NoticeList } from './notice-list';

/** /list: the notices for the signed-in applicant; sourceOf names a school's notices (the page knows the names). */
export function MyNotices({ sourceOf }: { sourceOf?: (n: Notice) => string | undefined }) {
  const notices = useMyNotices();
  return <NoticeList notices={notices.data} sourceOf={sourceOf} testId="my-notices" />;
}
