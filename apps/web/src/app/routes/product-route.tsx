import { MadeLikeThis } from '../../features/portfolio/components/made-like-this';
import { ProductPage as ProductDetails } from '../../features/shop/pages/product-page';

/** `/shop/:id`: the product page of the shop with the portfolio pieces made like it. */
export function ProductPage() {
  return <ProductDetails portfolio={(slot) => <MadeLikeThis {...slot} />} />;
}
