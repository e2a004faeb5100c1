import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

export interface RegisterBody {
  name: string;
  email: string;
  password: string;
  captchaId: string;
  captchaAnswer: number;
}

export async function register(body: RegisterBody): Promise<{ message?: string }> {
  const { message } = await apiRequest<unknown>('/auth/register', { method: 'POST', body, silent: true });
  return { message };
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
