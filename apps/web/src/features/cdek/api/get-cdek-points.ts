import type { CdekCity } from '@atelier/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { cdekApi } from '../../../shared/api/routes/cdek';
import { cdekKeys } from './keys';

/** `GET /cdek/cities?name=`: CDEK's places whose name starts with the text (two letters at least). */
export const cdekCitiesQueryOptions = (name: string) =>
  queryOptions({
    queryKey: cdekKeys.cities(name),
    queryFn: ({ signal }): Promise<CdekCity[]> =>
      cdekApi.cities({ query: { name: name.trim() } }, { silent: true, signal }).then((reply) => reply.data),
    enabled: name.trim().length >= 2,
    placeholderData: keepPreviousData,
  });

export function useCdekCities(name: string) {
  return useQuery(cdekCitiesQueryOptions(name));
}

/** `GET /cdek/points?cityCode=`: the pickup points and lockers of one place. */
export const cdekPointsQueryOptions = (cityCode: number | null) =>
  queryOptions({
    queryKey: cdekKeys.points(cityCode),
    queryFn: ({ signal }) =>
      cdekApi.points({ query: { cityCode } }, { silent: true, signal }).then((reply) => reply.data),
    enabled: cityCode !== null,
  });

export function useCdekPoints(cityCode: number | null) {
  return useQuery(cdekPointsQueryOptions(cityCode));
}
