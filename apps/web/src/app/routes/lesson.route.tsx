import { useParams } from 'react-router';
import { lessonQueryOptions } from '../../features/lessons/api/get-lesson';
import { LessonPage as LessonDetails } from '../../features/lessons/pages/lesson-page';
import { lessonWorksQueryOptions } from '../../features/student-works/api/student-works';
import { LessonWorks } from '../../features/student-works/components/lesson-works';
import { load, type RouteLoader } from '../../shared/ssr/page-loader';

/**
 * `/training-detail/{id}` (and its old form `?id=`): the lesson page of the lessons feature with its
 * students' works. Another lesson's address is a new page, not this one's state carried over.
 */
export function Component() {
  const { id } = useParams();
  return <LessonDetails key={id} works={(slot) => <LessonWorks {...slot} />} />;
}

export const loader: RouteLoader | undefined = import.meta.env.SSR
  ? ({ client, params, search }) => {
      const id = params.id ?? search.get('id');
      return id ? [load(client, lessonQueryOptions(id)), load(client, lessonWorksQueryOptions(id))] : [];
    }
  : undefined;
