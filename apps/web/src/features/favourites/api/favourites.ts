import type { Favourite, FavouriteType, LocalizedText } from '@atelier/shared';
import type { favouritesContract } from '@atelier/shared/favourites.contract';
import { favouritesRouteTable } from '@atelier/shared/favourites.routes';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../shared/api/api-error';
import { endpoints } from '../../../shared/api/endpoints';
import { useHydrated } from '../../../shared/hooks/use-hydrated';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useSignInFor } from '../../../shared/intent/use-sign-in-for';
import { toast } from '../../../shared/ui/toast';
import { useSession } from '../../auth/api/auth-session';
import { favouriteKeys } from './keys';

export type { Favourite, FavouriteType };

const favouritesApi = endpoints<typeof favouritesContract>(favouritesRouteTable);

/** The signed-in customer's favourites (products and lessons), newest first. */
export async function fetchFavourites(): Promise<Favourite[]> {
  return (await favouritesApi.list({}, { silent: true })).data ?? [];
}

export const favouritesQueryOptions = () => queryOptions({ queryKey: favouriteKeys.mine(), queryFn: fetchFavourites });

/** Loaded only for a signed-in customer, and only in the browser (never in the server render). */
export function useFavourites() {
  const session = useSession();
  const hydrated = useHydrated();
  return useQuery({ ...favouritesQueryOptions(), enabled: hydrated && session.status === 'authenticated' });
}

export async function setFavourite(input: { type: FavouriteType; id: string; favourite: boolean }) {
  const params = { type: input.type, id: input.id };
  await (input.favourite ? favouritesApi.add : favouritesApi.remove)({ params }, { silent: true });
}

/** Keep or drop one; the heart shows the change while it is sent, the list follows the server. */
export function useSetFavourite() {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: setFavourite,
    onError: (error) => toast.error(errorMessage(error, t('favourites.failed'))),
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouriteKeys.mine() }),
  });
}

/**
 * The heart of one product or lesson: not pressed until the page runs in the browser and the
 * customer's favourites are known (a server-rendered card looks the same for everyone); a guest's
 * click goes to sign-in and back, and the heart is pressed for them there.
 */
export function useFavouriteToggle(type: FavouriteType, id: string, name: LocalizedText) {
  const session = useSession();
  const hydrated = useHydrated();
  const signInFor = useSignInFor();
  const favourites = useFavourites();
  const set = useSetFavourite();
  const stored = favourites.data?.some((item) => item.type === type && item.id === id) ?? false;
  // While a change is in flight the heart shows where it is going.
  const pending = set.isPending && set.variables?.type === type && set.variables.id === id;
  const pressed = hydrated && session.status === 'authenticated' && (pending ? set.variables.favourite : stored);
  return {
    pressed,
    busy: pending,
    onToggle: () => {
      if (session.status !== 'authenticated') {
        signInFor({ kind: 'favourite', type, id, name });
        return;
      }
      set.mutate({ type, id, favourite: !pressed });
    },
  };
}
