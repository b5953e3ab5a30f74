import { useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { accessState } from '@/lib/access-key';
import { useUser } from '@/lib/session';
import { SchoolMain } from '@/features/schools/components/school-main';
import { SchoolNotices } from '@/features/notices/components/school-notices';
import { roundOf } from './appl-state';

export function SchoolMainPage() {
  const { schoolName = '' } = useParams();
  const navigate = useNavigate();
  const user = useUser();
  return (
    <SchoolMain
      name={schoolName}
      notices={(school) => <SchoolNotices schoolCode={school.schoolCode} />}
      onApply={(_, round) => {
        if (!user) void navigate(paths.user.login.getHref(), { state: { from: paths.schoolMain.getHref(schoolName) } });
        else void navigate(paths.appl.agree.getHref(), { state: accessState({ round: roundOf(round) }) });
      }}
    />
  );
}

export default SchoolMainPage;
