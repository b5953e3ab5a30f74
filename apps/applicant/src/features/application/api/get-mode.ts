import { api } from '@/lib/api-client';
import type { ApplicationMode } from '../types';

export type ModeAnswer = { applNo: number; mode: ApplicationMode; reviewCompleted: boolean };

/** How /appl/redirect/to/{type} opens the form (edit of a completed application answers view). */
export function getMode(applNo: number, type: ApplicationMode): Promise<ModeAnswer> {
  return api.get<ModeAnswer>(`/apply/api-auth/appl/mode/${applNo}`, { params: { type } });
}
