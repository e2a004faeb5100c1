import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi } from '../../../shared/api/routes/users';
import { userKeys } from './keys';

export interface ProfileInput {
  name: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
}

export async function updateProfile(input: ProfileInput) {
  const { data, message } = await usersApi.putUserProfile({ body: input }, { silent: true });
  return { user: 'user' in data ? data.user : data, message };
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ user }) => queryClient.setQueryData(userKeys.profile(), user),
  });
}
