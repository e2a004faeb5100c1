import { describe, expect, it } from 'vitest';
import { ChangePasswordFormSchema, ProfileFormSchema } from './profile-schemas';

function issues(result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) {
  return result.success ? [] : (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}:${issue.message}`);
}

describe('profile form (shared UpdateProfileBody)', () => {
  it.each([
    [{ name: 'Анна' }, []],
    [{ name: 'Анна', phone: '' }, []],
    [{ name: 'Анна', phone: '+7 (912) 345-67-89' }, []],
    [{ name: 'Ana', phone: '+34 612 345 678' }, []],
    [{ name: 'Анна', phone: '12345' }, ['phone:phoneInvalid']],
    [{ name: 'Анна', phone: 'call me' }, ['phone:phoneInvalid']],
    [{ name: 'А' }, ['name:nameShort']],
    [{ name: '  ' }, ['name:nameRequired']],
  ])('%j → %j', (form, expected) => {
    expect(issues(ProfileFormSchema.safeParse(form))).toEqual(expected);
  });
});

describe('change password form', () => {
  it.each([
    [{ currentPassword: 'old', newPassword: 'secret1', confirmPassword: 'secret1' }, []],
    [{ currentPassword: '', newPassword: 'secret1', confirmPassword: 'secret1' }, ['currentPassword:passwordRequired']],
    [{ currentPassword: 'old', newPassword: '123', confirmPassword: '123' }, ['newPassword:passwordShort']],
    [
      { currentPassword: 'old', newPassword: 'secret1', confirmPassword: 'secret2' },
      ['confirmPassword:passwordsDiffer'],
    ],
  ])('%j → %j', (form, expected) => {
    expect(issues(ChangePasswordFormSchema.safeParse(form))).toEqual(expected);
  });
});
