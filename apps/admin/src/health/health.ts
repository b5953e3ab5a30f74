import { currentLocale } from '../locale';

/** Server health states (spec section 4). Anything else counts as UNKNOWN. */
export const HEALTH_STATUSES = ['UP', 'DOWN', 'OUT_OF_SERVICE', 'UNKNOWN'] as const;
export type HealthStatus = (typeof HEALTH_STATUSES)[number];

export const HEALTH_URL = '/actuator/health';
export const HEALTH_REFRESH_MS = 30_000;

export interface Health {
    status: HealthStatus;
    components: Record<string, HealthStatus>;
    /** false when the endpoint could not be reached or answered nonsense. */
    reachable: boolean;
    checkedAt: Date;
}

/**
 * The spec's colours: UP green, DOWN red, OUT_OF_SERVICE orange, UNKNOWN gray.
 * Text colours keep at least 4.5:1 contrast on each background.
 */
export const HEALTH_COLORS: Record<HealthStatus, { background: string; text: string }> = {
    UP: { background: '#2e7d32', text: '#ffffff' },
    DOWN: { background: '#c62828', text: '#ffffff' },
    OUT_OF_SERVICE: { background: '#ef6c00', text: '#000000' },
    UNKNOWN: { background: '#757575', text: '#ffffff' },
};

export const normalizeStatus = (value: unknown): HealthStatus => {
    const s = typeof value === 'string' ? value.toUpperCase() : '';
    return (HEALTH_STATUSES as readonly string[]).includes(s) ? (s as HealthStatus) : 'UNKNOWN';
};

export const healthColor = (status: unknown) => HEALTH_COLORS[normalizeStatus(status)];

/** Reads a Spring-style health answer; components may be absent. */
export const parseHealth = (json: unknown, checkedAt = new Date()): Health => {
    const body = (json ?? {}) as { status?: unknown; components?: Record<string, { status?: unknown }> };
    const components: Record<string, HealthStatus> = {};
    for (const [name, c] of Object.entries(body.components ?? {})) {
        components[name] = normalizeStatus(c?.status);
    }
    return { status: normalizeStatus(body.status), components, reachable: true, checkedAt };
};

/**
 * GET /actuator/health. The server answers 503 with the same JSON when DOWN,
 * so the body is read whatever the status; no body means UNKNOWN.
 */
export const fetchHealth = async (signal?: AbortSignal): Promise<Health> => {
    try {
        const res = await fetch(HEALTH_URL, {
            credentials: 'same-origin',
            headers: { Accept: 'application/json', 'Accept-Language': currentLocale() },
            cache: 'no-store',
            signal,
        });
        const json = await res.json();
        return parseHealth(json);
    } catch (error) {
        if ((error as Error)?.name === 'AbortError') throw error;
        return { status: 'UNKNOWN', components: {}, reachable: false, checkedAt: new Date() };
    }
};
