import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from '@/lib/use-translation';
import { RecommenderOverview } from '@/features/recommendations/components/recommender-overview';
import { LetterFormPage } from '@/features/recommendations/components/letter-form';
import { PageFrame } from './page-frame';

/** /recommend/{key}: the recommender's list (no account; the key is the access). */
export function RecommendListPage() {
  const { t } = useTranslation();
  const { key = '' } = useParams();
  return (
    <PageFrame title={t('title.recommendList')} testId="recommend-list-page">
      <RecommenderOverview recKey={key} />
    </PageFrame>
  );
}

/** /recommend/form/{key}[?req=n]: one letter. */
export function RecommendFormPage() {
  const { t } = useTranslation();
  const { key = '' } = useParams();
  const [sp] = useSearchParams();
  const req = Number(sp.get('req')) || undefined;
  return (
    <PageFrame title={t('title.recommendForm')} testId="recommend-form-page">
      <LetterFormPage recKey={key} reqNo={req} />
    </PageFrame>
  );
}
