import { useNavigate, useParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { paths } from '@/config/paths';
import { accessState } from '@/lib/access-key';
import { useUser } from '@/lib/session';
import { SchoolMain } from '@/features/schools/components/school-main';
import { useRecruitList } from '@/features/schools/api/get-recruit-list';
import { SchoolNotices } from '@/features/notices/components/school-notices';
import type { Notice } from '@/features/notices/api/get-notices';
import { roundOf } from './appl-state';

/** The school's notices, a round's named by the round as the page lists it. */
function Notices({ schoolCode }: { schoolCode: string }) {
  const { t, i18n } = useTranslation();
  const rounds = useRecruitList(schoolCode);
  const sourceOf = (n: Notice) => {
    if (!n.schoolCode) return t('notice.site');
    const r = n.roundId ? rounds.data?.find((x) => `${x.schoolCode}-${x.enterYear}-${x.recruitPartSeq}` === n.roundId) : undefined;
    return r ? (i18n.language === 'en' ? r.engName : r.korName) : undefined;
  };
  return <SchoolNotices schoolCode={schoolCode} sourceOf={sourceOf} />;
}

export function SchoolMainPage() {
  const { schoolName = '' } = useParams();
  const navigate = useNavigate();
  const user = useUser();
  return (
    <SchoolMain
      name={schoolName}
      notices={(school) => <Notices schoolCode={school.schoolCode} />}
      onApply={(_, round) => {
        if (!user) void navigate(paths.user.login.getHref(), { state: { from: paths.schoolMain.getHref(schoolName) } });
        else void navigate(paths.appl.agree.getHref(), { state: accessState({ round: roundOf(round) }) });
      }}
    />
  );
}

export default SchoolMainPage;
