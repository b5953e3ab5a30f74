import { Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { ApplicationForm, useStepParam } from '@/features/application/components/application-form';
import { DocumentsPanel } from '@/features/documents/components/documents-panel';
import { readApplState } from './appl-state';

/** /appl/form: the application in router state, its step in the address (?step=). */
export function ApplFormPage() {
  const location = useLocation();
  const { applNo, mode } = readApplState(location.state);
  const [step, setStep] = useStepParam();
  if (!applNo) return <Navigate to={paths.list.getHref()} replace />;
  return <ApplicationForm key={`${applNo}-${mode ?? 'edit'}`} applNo={applNo} mode={mode ?? 'edit'} requestedStep={step} onStepChange={setStep} documents={DocumentsPanel} />;
}

export default ApplFormPage;
