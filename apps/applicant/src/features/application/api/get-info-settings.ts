import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { InfoSettings } from '../types';

export type InfoSettingsKey = { schoolCode: string; enterYear: number; recruitPartSeq: number; applPartNo: number };

export function getInfoSettings(k: InfoSettingsKey): Promise<InfoSettings> {
  return api.get<InfoSettings>(
    `/apply/api-auth/admin/recruit-part/inquiry/${encodeURIComponent(k.schoolCode)}/${k.enterYear}/${k.recruitPartSeq}/${k.applPartNo}`,
  );
}

/** Which basic-info groups the round and part show and require. */
export function useInfoSettings(k: InfoSettingsKey | null) {
  return useQuery({
    queryKey: ['info-settings', k?.schoolCode, k?.enterYear, k?.recruitPartSeq, k?.applPartNo],
    queryFn: () => getInfoSettings(k!),
    enabled: !!k,
    staleTime: 5 * 60 * 1000,
  });
}
