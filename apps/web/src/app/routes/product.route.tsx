import { useParams } from 'react-router';
import { MadeLikeThis } from '../../features/portfolio/components/made-like-this';
import { isRemoved, productQueryOptions } from '../../features/shop/api/get-product';
import { relatedQueryOptions } from '../../features/shop/api/get-products';
import { ProductPage as ProductDetails } from '../../features/shop/pages/product-page';
import { load, type RouteLoader } from '../../shared/ssr/page-loader';

/**
 * `/shop/:id`: the product page of the shop with the portfolio pieces made like it. Another
 * product's address is a new page, not this one's state carried over.
 */
export function Component() {
  const { id } = useParams();
  return <ProductDetails key={id} portfolio={(slot) => <MadeLikeThis {...slot} />} />;
}

/** The product, then the others of its category ("you may also like"); a removed one carries its similar pieces. */
export const loader: RouteLoader | undefined = import.meta.env.SSR
  ? ({ client, params, currency }) => {
      const id = params.id;
      if (!id) return [];
      return [
        load(client, productQueryOptions(id)).then((product) =>
          product && !isRemoved(product) ? load(client, relatedQueryOptions(product.category, currency)) : null,
        ),
      ];
    }
  : undefined;
