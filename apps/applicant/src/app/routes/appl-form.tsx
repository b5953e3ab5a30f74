import { Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { ApplicationForm, useStepParam } from '@/features/application/components/application-form';
import { DocumentsPanel } from '@/features/documents/components/documents-panel';
import { readApplAddress, readApplState } from './appl-state';

/** /appl/form: the application and its step in the address (?applNo=&step=),
 * else in router state; the server answers whether it is the user's (not
 * found otherwise, with no data). */
export function ApplFormPage() {
  const location = useLocation();
  const addressed = readApplAddress(location.search);
  const { applNo, mode } = addressed.applNo ? addressed : readApplState(location.state);
  const [step, setStep] = useStepParam();
  if (!applNo) return <Navigate to={paths.list.getHref()} replace />;
  return <ApplicationForm key={`${applNo}-${mode ?? 'edit'}`} applNo={applNo} mode={mode ?? 'edit'} requestedStep={step} onStepChange={setStep} documents={DocumentsPanel} />;
}

export default ApplFormPage;
