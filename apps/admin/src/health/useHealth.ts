import { useQuery } from '@tanstack/react-query';
import { fetchHealth, HEALTH_REFRESH_MS } from './health';

/**
 * The server health, fetched now and every 30 seconds while mounted (in a
 * background tab too); refresh asks again at once, dropping a check still
 * under way. The probe is not a data-provider call: it reads the public
 * actuator and says "unreachable" rather than failing.
 */
export const useHealth = (intervalMs = HEALTH_REFRESH_MS) => {
    const { data, isFetching, refetch } = useQuery({
        queryKey: ['health'],
        queryFn: ({ signal }) => fetchHealth(signal),
        refetchInterval: intervalMs,
        refetchIntervalInBackground: true,
        refetchOnWindowFocus: false,
        retry: false,
    });
    return { health: data, loading: isFetching, refresh: () => void refetch() };
};
