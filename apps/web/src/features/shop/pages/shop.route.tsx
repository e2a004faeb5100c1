import { load, type RouteLoader } from '../../../shared/ssr/page-loader';
import { DEFAULT_SHOP_PARAMS, inCurrency, productsQueryOptions } from '../api/get-products';
import { parseShopParams } from '../shop-url';
import { ShopPage } from './shop-page';

/** `/shop` with its filters in the address, and `?product=` open over it. */
export const Component = ShopPage;

/** The products the filters show, the dearest one (the price range's top) and the product opened over the list. */
export const loader: RouteLoader | undefined = import.meta.env.SSR
  ? ({ client, search, currency }) => {
      const dearest = inCurrency({ ...DEFAULT_SHOP_PARAMS, sort: 'price_desc' as const, limit: 1 }, currency);
      const product = search.get('product');
      return [
        load(client, productsQueryOptions(inCurrency(parseShopParams(search), currency))),
        load(client, productsQueryOptions(dearest)),
        // Imported here: the product's module is not part of the list's chunk in the browser.
        ...(product
          ? [import('../api/get-product').then(({ productQueryOptions }) => load(client, productQueryOptions(product)))]
          : []),
      ];
    }
  : undefined;
