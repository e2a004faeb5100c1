import { LessonPage as LessonDetails } from '../../features/lessons/pages/lesson-page';
import { LessonWorks } from '../../features/student-works/components/lesson-works';

/** `/training-detail/{id}`: the lesson page of the lessons feature with its students' works. */
export function LessonPage() {
  return <LessonDetails works={(slot) => <LessonWorks {...slot} />} />;
}
