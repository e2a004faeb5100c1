import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../shared/api/client';

export interface Captcha {
  captchaId: string;
  question: string;
}

export const fetchCaptcha = () => apiGet<Captcha>('/auth/captcha');

export const captchaQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'captcha'], queryFn: fetchCaptcha, staleTime: 0, gcTime: 0 });

export function useCaptcha() {
  return useQuery(captchaQueryOptions());
}
