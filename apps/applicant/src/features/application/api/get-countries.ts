import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Country } from '../types';

export type Countries = { orderKr: Country[]; orderEn: Country[] };

export function getCountries(): Promise<Countries> {
  return api.get<Countries>('/apply/api/standard/country');
}

export function useCountries() {
  return useQuery({ queryKey: ['standard', 'countries'], queryFn: getCountries, staleTime: Infinity });
}
