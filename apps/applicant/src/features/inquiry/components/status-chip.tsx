import Chip from '@mui/material/Chip';
import { useTranslation } from '@/lib/use-translation';
import type { InquiryStatus } from '../types';

const colors = { waiting: 'default', answered: 'success', closed: 'default' } as const;

export function StatusChip({ status }: { status: InquiryStatus }) {
  const { t } = useTranslation();
  return <Chip size="small" variant={status === 'closed' ? 'outlined' : 'filled'} color={colors[status]} label={t(`inquiry.status.${status}`)} data-testid="inquiry-status" />;
}
