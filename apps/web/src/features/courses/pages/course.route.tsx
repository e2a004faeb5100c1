import { useParams } from 'react-router';
import { load, type RouteLoader } from '../../../shared/ssr/page-loader';
import { courseQueryOptions } from '../api/courses';
import { CoursePage } from './course-page';

/** `/training-course/:id`; another course's address is a new page, not this one's state carried over. */
export function Component() {
  const { id } = useParams();
  return <CoursePage key={id} />;
}

export const loader: RouteLoader | undefined = import.meta.env.SSR
  ? ({ client, params }) => (params.id ? [load(client, courseQueryOptions(params.id))] : [])
  : undefined;
