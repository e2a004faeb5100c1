import { z } from 'zod';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const UserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  email: z.string(),
  phone: z.string().optional(),
  role: z.enum(ROLES),
  isAdmin: z.boolean(),
  emailVerified: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;

export const NAME_MIN = 2;
export const PASSWORD_MIN = 6;
