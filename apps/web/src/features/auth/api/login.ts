import type { LoginBody, User } from '@atelier/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';
import { startSession } from './auth-session';

export async function login(body: LoginBody): Promise<{ user: User; token: string; message?: string }> {
  const { data, message } = await apiRequest<{ user: User; token: string }>('/auth/login', {
    method: 'POST',
    body,
    silent: true,
  });
  return { ...data, message };
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ user, token }) => startSession(user, token),
  });
}
