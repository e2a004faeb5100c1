import { queryOptions, useQuery } from '@tanstack/react-query';
import { authApi } from '../../../shared/api/routes/auth';
import { authKeys } from './keys';

export interface Captcha {
  captchaId: string;
  question: string;
  /** Yandex SmartCaptcha's client key when the shop asks for its token too; null = not asked. */
  smartCaptchaClientKey: string | null;
}

export const fetchCaptcha = () => authApi.captcha().then((reply) => reply.data);

export const captchaQueryOptions = () =>
  queryOptions({ queryKey: authKeys.captcha(), queryFn: fetchCaptcha, staleTime: 0, gcTime: 0 });

export function useCaptcha() {
  return useQuery(captchaQueryOptions());
}
