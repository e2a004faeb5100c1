export const studentWorkKeys = {
  all: ['student-works'] as const,
  /** A lesson's approved works. */
  lesson: (lessonId: string) => [...studentWorkKeys.all, 'lesson', lessonId] as const,
  recent: () => [...studentWorkKeys.all, 'recent'] as const,
  /** The user's own works on a lesson (the user in the key: another account never reads them). */
  mine: (userId: string | null, lessonId: string) => [...studentWorkKeys.all, 'mine', userId, lessonId] as const,
  admin: (params: object) => [...studentWorkKeys.all, 'admin', params] as const,
};
