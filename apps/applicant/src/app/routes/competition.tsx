import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { CompetitionBoard } from '@/features/competition/components/competition-board';

/** /{school}/competition: the school's 경쟁률 (issue 21 item 3), public. */
export function CompetitionPage() {
  const { schoolName = '' } = useParams();
  return <CompetitionBoard school={schoolName} schoolHref={paths.schoolMain.getHref(schoolName)} />;
}

export default CompetitionPage;
