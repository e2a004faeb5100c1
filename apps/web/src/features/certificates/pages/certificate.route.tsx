import { load, type RouteLoader } from '../../../shared/ssr/page-loader';
import { certificateQueryOptions } from '../api/certificates';
import { CertificatePage } from './certificate-page';

/** `/certificate/:code`: a course certificate anyone with its code may check. */
export const Component = CertificatePage;

export const loader: RouteLoader | undefined = import.meta.env.SSR
  ? ({ client, params }) => (params.code ? [load(client, certificateQueryOptions(params.code))] : [])
  : undefined;
