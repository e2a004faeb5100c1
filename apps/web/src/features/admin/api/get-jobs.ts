import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { jobsApi } from '../../../shared/api/routes/jobs';
import { adminKeys } from './keys';

/** `GET /admin/jobs`: background work that fails now or gave up (empty when all is well). */
export function useFailingJobs() {
  return useQuery({
    queryKey: adminKeys.jobs(),
    queryFn: async () => (await jobsApi.adminList({})).data,
    staleTime: 30_000,
    refetchInterval: 60_000,
  });
}

/** `POST /admin/jobs/:id/retry`: tries again work that gave up. */
export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => jobsApi.adminRetry({ params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.jobs() }),
  });
}
