import { localize } from '@atelier/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useSession } from '../features/auth/api/auth-session';
import { cartActions, cartLoaded } from '../features/cart/api/use-cart';
import { setFavourite } from '../features/favourites/api/favourites';
import { favouriteKeys } from '../features/favourites/api/keys';
import { errorMessage } from '../shared/api/api-error';
import { useLanguage } from '../shared/i18n/use-language';
import { useTranslation } from '../shared/i18n/use-translation';
import { type Intent, intentStore, nestedQuotes } from '../shared/intent/intent-store';
import { publishResumed, takeWelcome } from '../shared/intent/use-sign-in-for';
import { toast } from '../shared/ui/toast';

/**
 * Finishes what a guest set out to do once they are signed in and back on its page: the item goes
 * into the cart or the favourites, a purchase opens (the lesson or course page listens), a form is
 * refilled (the form reads its own draft). One toast says it, the held-back welcome beneath it.
 * Lives in the layout because it joins features (cart, favourites) that do not know each other.
 */
export function IntentResumer() {
  const session = useSession();
  const { pathname, search } = useLocation();
  const queryClient = useQueryClient();
  const language = useLanguage();
  const { t } = useTranslation();

  useEffect(() => {
    if (session.status !== 'authenticated' || pathname.startsWith('/auth')) return;
    const intent = intentStore.takeArmed(pathname + search);
    const welcome = takeWelcome();
    if (!intent) {
      // Signed in with an intent that was then dropped (expired, another page): still say hello.
      if (welcome) toast.success(welcome);
      return;
    }
    const description = welcome ?? undefined;
    const finish = async (done: Intent) => {
      switch (done.kind) {
        case 'cart':
          // The account's cart first: an item added before it arrives would replace it.
          await cartLoaded();
          cartActions.add(done.item, done.quantity, { silent: true });
          toast.success(
            t('auth.intent.done.cart', { name: nestedQuotes(localize(done.item.name, language), language) }),
            { description },
          );
          return;
        case 'favourite':
          try {
            await setFavourite({ type: done.type, id: done.id, favourite: true });
            await queryClient.invalidateQueries({ queryKey: favouriteKeys.mine() });
            toast.success(
              t('auth.intent.done.favourite', { name: nestedQuotes(localize(done.name, language), language) }),
              { description },
            );
          } catch (error) {
            toast.error(errorMessage(error, t('auth.intent.done.failed')), { description });
          }
          return;
        case 'buy':
          publishResumed(done);
          if (welcome) toast.success(welcome);
          return;
        case 'form':
          toast.success(t('auth.intent.done.form'), { description });
          return;
      }
    };
    void finish(intent);
  }, [session.status, pathname, search, queryClient, language, t]);

  return null;
}
