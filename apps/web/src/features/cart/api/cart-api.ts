import type { Cart, PutCartBody } from '@atelier/shared';
import { cartApi } from '../../../shared/api/routes/cart';

/** `GET /cart`: the server copy of the signed-in user's cart, priced and checked. */
export async function fetchServerCart(): Promise<Cart> {
  const { data } = await cartApi.get({}, { silent: true });
  return data;
}

/** `PUT /cart` replaces the server copy; the reply is priced and checked like GET. */
export async function saveServerCart(body: PutCartBody): Promise<Cart> {
  const { data } = await cartApi.put({ body }, { silent: true });
  return data;
}
