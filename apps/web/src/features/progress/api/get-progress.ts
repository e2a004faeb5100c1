import type { CourseProgress, LearningProgress, LessonProgress } from '@atelier/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { progressApi } from '../../../shared/api/routes/progress';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { useSession } from '../../auth/api/auth-session';
import { progressKeys } from './keys';

export type { ContinueLesson, CourseProgress, LearningProgress, LessonProgress } from '@atelier/shared';

const EMPTY: LearningProgress = { lessons: [], courses: [], continue: null };

export const fetchProgress = () => progressApi.trainingProgress({}, { silent: true }).then((reply) => reply.data);

/**
 * Under the `user` prefix: removed with the rest of the account's data when the user changes. The
 * app marks it stale after every report the lesson player sends (app.tsx), so a page opened after
 * watching shows the new figures.
 */
export const progressQueryOptions = () => queryOptions({ queryKey: progressKeys.mine(), queryFn: fetchProgress });

/**
 * The signed-in learner's progress (each lesson they own, their courses, where to continue); loaded
 * only in the browser, for a signed-in visitor (a server-rendered card is the same for everyone).
 */
export function useLearningProgress() {
  const session = useSession();
  const hydrated = useHydrated();
  return useQuery({ ...progressQueryOptions(), enabled: hydrated && session.status === 'authenticated' });
}

/** One lesson's progress, when the learner owns it and it has a video; undefined otherwise or while loading. */
export function useLessonProgress(lessonId: string): LessonProgress | undefined {
  const { data } = useLearningProgress();
  return (data ?? EMPTY).lessons.find((lesson) => lesson.lessonId === lessonId);
}

/** One course's progress (with its certificate), when the learner owns any of it. */
export function useCourseProgress(courseId: string): CourseProgress | undefined {
  const { data } = useLearningProgress();
  return (data ?? EMPTY).courses.find((course) => course.courseId === courseId);
}
