import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchHealth, HEALTH_REFRESH_MS, type Health } from './health';

/** The server health, fetched now and every 30 seconds while mounted. */
export const useHealth = (intervalMs = HEALTH_REFRESH_MS) => {
    const [health, setHealth] = useState<Health | undefined>();
    const [loading, setLoading] = useState(false);
    const controller = useRef<AbortController | undefined>(undefined);

    const refresh = useCallback(async () => {
        controller.current?.abort();
        const ac = new AbortController();
        controller.current = ac;
        setLoading(true);
        try {
            const next = await fetchHealth(ac.signal);
            if (!ac.signal.aborted) setHealth(next);
        } catch {
            // aborted by a newer check or by unmounting
        } finally {
            if (!ac.signal.aborted) setLoading(false);
        }
    }, []);

    useEffect(() => {
        refresh();
        const timer = setInterval(refresh, intervalMs);
        return () => {
            clearInterval(timer);
            controller.current?.abort();
        };
    }, [refresh, intervalMs]);

    return { health, loading, refresh };
};
