import { load, type RouteLoader } from '../../../shared/ssr/page-loader';
import { giftOfferQueryOptions } from '../api/gift-certificates';
import { GiftCertificatePage } from './gift-certificate-page';

/** `/gift-certificates`: the offer and the form to give one. */
export const Component = GiftCertificatePage;

export const loader: RouteLoader | undefined = import.meta.env.SSR
  ? ({ client }) => [load(client, giftOfferQueryOptions())]
  : undefined;
