import Chip from '@mui/material/Chip';
import { useTranslation } from '@/lib/use-translation';

const COLORS: Record<string, 'default' | 'primary' | 'secondary' | 'success'> = {
  '00010': 'default',
  '00020': 'primary',
  '00030': 'secondary',
  '00040': 'success',
};

/** A recommendation status (spec section 4) in words, with its code for tests. */
export function RecommendStatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  return <Chip size="small" color={COLORS[status] ?? 'default'} label={t(`recommend.status.${status}`)} data-testid="recommend-status" data-status={status} />;
}
