import { generatePassword, hashPassword, verifyPassword } from '../../platform/auth/passwords';
import type { UsersRepo } from './users.repo';

export interface EnsureAdminResult {
  email: string;
  /** Set only when this call created the account with a generated password (print it once). */
  generatedPassword?: string;
  created: boolean;
}

export function createUsersService({ repo }: { repo: UsersRepo }) {
  return {
    /**
     * DESIGN §4: the configured admin exists at every start. With ADMIN_PASSWORD set the account is
     * created or its password and role brought in line; without it an existing account is left
     * alone and a missing one is created with a random password that is returned to print once.
     */
    async ensureAdmin(email: string, password: string | undefined): Promise<EnsureAdminResult> {
      const existing = await repo.findByEmail(email);
      if (existing) {
        const patch: Parameters<UsersRepo['update']>[1] = {};
        if (existing.role !== 'admin') patch.role = 'admin';
        if (!existing.emailVerifiedAt) patch.emailVerifiedAt = new Date();
        if (password && !(await verifyPassword(password, existing.passwordHash))) {
          patch.passwordHash = await hashPassword(password);
        }
        if (Object.keys(patch).length > 0) await repo.update(existing.id, patch);
        return { email, created: false };
      }
      const finalPassword = password ?? generatePassword();
      await repo.insert({
        email,
        name: 'Administrator',
        role: 'admin',
        passwordHash: await hashPassword(finalPassword),
        emailVerifiedAt: new Date(),
      });
      return password ? { email, created: true } : { email, created: true, generatedPassword: finalPassword };
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
