import { Navigate, useLocation, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { ApplicationForm, useStepParam } from '@/features/application/components/application-form';
import { DocumentsPanel } from '@/features/documents/components/documents-panel';
import { readApplState } from './appl-state';
import { ReviewDownloads } from './review-downloads';

/** /appl/review/{applNo}: an application under review, opened to be completed as the school asked. */
export function ApplReviewPage() {
  const { applNo: param } = useParams();
  const location = useLocation();
  const { reviewCompleted } = readApplState(location.state);
  const [step, setStep] = useStepParam();
  const applNo = Number(param);
  if (!Number.isInteger(applNo) || applNo <= 0) return <Navigate to={paths.list.getHref()} replace />;
  return (
    <>
      <ApplicationForm applNo={applNo} mode="review" reviewCompleted={reviewCompleted} requestedStep={step} onStepChange={setStep} documents={DocumentsPanel} />
      <ReviewDownloads applNo={applNo} reviewCompleted={reviewCompleted} />
    </>
  );
}

export default ApplReviewPage;
