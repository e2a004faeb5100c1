import { queryOptions, useQuery } from '@tanstack/react-query';
import { landingApi } from '../../../shared/api/routes/landing';
import { landingKeys } from './keys';

export const fetchAbout = () => landingApi.listAbout().then((reply) => reply.data);

export const aboutQueryOptions = () => queryOptions({ queryKey: landingKeys.about(), queryFn: fetchAbout });

export function useAbout() {
  return useQuery(aboutQueryOptions());
}
