import type { User } from '@atelier/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/client';

export interface ProfileInput {
  name: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
}

export async function updateProfile(input: ProfileInput) {
  const { data, message } = await apiRequest<User | { user: User }>('/user/profile', {
    method: 'PUT',
    body: input,
    silent: true,
  });
  return { user: 'user' in data ? data.user : data, message };
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => queryClient.setQueryData(['user', 'profile'], user),
  });
}
