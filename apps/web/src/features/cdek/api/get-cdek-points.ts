import type { CdekCity, CdekPoint } from '@atelier/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client';

/** `GET /cdek/cities?name=`: CDEK's places whose name starts with the text (two letters at least). */
export const cdekCitiesQueryOptions = (name: string) =>
  queryOptions({
    queryKey: ['cdek', 'cities', name.trim().toLocaleLowerCase('ru')],
    queryFn: ({ signal }) => apiGet<CdekCity[]>('/cdek/cities', { name: name.trim() }, signal, { silent: true }),
    enabled: name.trim().length >= 2,
    placeholderData: keepPreviousData,
  });

export function useCdekCities(name: string) {
  return useQuery(cdekCitiesQueryOptions(name));
}

/** `GET /cdek/points?cityCode=`: the pickup points and lockers of one place. */
export const cdekPointsQueryOptions = (cityCode: number | null) =>
  queryOptions({
    queryKey: ['cdek', 'points', cityCode],
    queryFn: ({ signal }) => apiGet<CdekPoint[]>('/cdek/points', { cityCode }, signal, { silent: true }),
    enabled: cityCode !== null,
  });

export function useCdekPoints(cityCode: number | null) {
  return useQuery(cdekPointsQueryOptions(cityCode));
}
