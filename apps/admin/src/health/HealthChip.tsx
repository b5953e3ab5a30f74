import { Chip } from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import BlockIcon from '@mui/icons-material/Block';
import HelpIcon from '@mui/icons-material/Help';
import { useTranslate } from 'react-admin';
import { HEALTH_COLORS, normalizeStatus, type HealthStatus } from './health';

const ICONS: Record<HealthStatus, typeof CheckCircleIcon> = {
    UP: CheckCircleIcon,
    DOWN: ErrorIcon,
    OUT_OF_SERVICE: BlockIcon,
    UNKNOWN: HelpIcon,
};

/** A status in the spec's colour, with an icon and a word so colour is not the only cue. */
export const HealthChip = ({ status, testId }: { status: unknown; testId?: string }) => {
    const translate = useTranslate();
    const s = normalizeStatus(status);
    const { background, text } = HEALTH_COLORS[s];
    const Icon = ICONS[s];
    return (
        <Chip
            data-testid={testId}
            data-status={s}
            size="small"
            icon={<Icon style={{ color: text }} />}
            label={translate(`app.health.status.${s}`)}
            sx={{ bgcolor: background, color: text, fontWeight: 600 }}
        />
    );
};
