import { hydrate, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { endSession, getSession, onSessionChange, type Session } from '../features/auth/api/auth-session';
import { fetchLessons, lessonsQueryOptions } from '../features/lessons/api/get-lessons';
import { DEFAULT_SHOP_PARAMS, fetchProducts, productsQueryOptions } from '../features/shop/api/get-products';
import { setUnauthorizedHandler } from '../shared/api/client';
import { forgetAccount, trainingScope } from '../shared/api/query-keys';
import { loadLaterTexts } from '../shared/i18n/i18n';
import { type EmbeddedState, RenderedWith } from '../shared/ssr/rendered-with';
import { createQueryClient } from './query-client';
import { router } from './router';

function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 3000 });
  else setTimeout(task, 1500);
}

/**
 * The query cache, started from what the server rendered the page with. The data is as fresh as the
 * page (a cached page is dropped by the writes that change it), so it counts as fetched now.
 */
function startingClient(rendered: EmbeddedState | null) {
  const client = createQueryClient();
  if (rendered) {
    const now = Date.now();
    hydrate(client, {
      ...rendered.queries,
      queries: rendered.queries.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })),
    });
  }
  return client;
}

export function App({ rendered = null }: { rendered?: EmbeddedState | null }) {
  const [queryClient] = useState(() => startingClient(rendered));

  useEffect(() => {
    // The page is live (hydrated or rendered): styles and journeys can tell from <html data-app>.
    document.documentElement.dataset.app = 'ready';
    // The moment, for the bench: what the page requested before it is what it needed to hydrate.
    performance.mark('atelier:app-ready');
    // The texts of the pages rendered in the browser, before the visitor opens one.
    loadLaterTexts().catch((error: unknown) => console.error('Interface texts failed to load', error));
  }, []);

  useEffect(() => {
    // What the player reported changes the learner's progress (and may have earned a certificate):
    // pages showing them refetch, now or when they are next opened. Wired once the app runs (the
    // player never reports before), so none of it weighs on a page's hydration.
    let live = true;
    let stop: (() => void) | undefined;
    void Promise.all([
      import('../features/lessons/api/save-progress'),
      import('../features/progress/api/keys'),
      import('../features/certificates/api/keys'),
    ]).then(([saved, { progressKeys }, { certificateKeys }]) => {
      if (!live) return;
      stop = saved.onProgressSaved(() => {
        void queryClient.invalidateQueries({ queryKey: progressKeys.mine() });
        void queryClient.invalidateQueries({ queryKey: certificateKeys.mine() });
      });
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [queryClient]);

  useEffect(() => {
    // A 401 on any call ends the session and sends the visitor to /login.
    setUnauthorizedHandler(() => {
      endSession();
      void router.navigate('/login', { replace: true });
    });

    let lastUserId: string | null | undefined;
    const follow = (session: Session) => {
      // Undecided (still checking, or the check could not reach the server): the user has not changed.
      if (session.status === 'loading' || session.status === 'unavailable') return;
      const userId = session.status === 'authenticated' ? session.user.id : null;
      if (userId === lastUserId) return;
      const firstCheck = lastUserId === undefined;
      lastUserId = userId;
      if (!firstCheck) {
        // Purchases, orders and the profile belong to one user: never show them to the next.
        forgetAccount(queryClient);
      } else if (userId && rendered) {
        // The server rendered the lessons as a visitor sees them; a signed-in user's say what they bought.
        void queryClient.invalidateQueries({ queryKey: trainingScope.all });
      }
      // Prefetched at start: the catalogue, the lessons and, when logged in, the profile.
      whenIdle(() => {
        // Silent: a failed background prefetch is retried when the page is opened, without a toast now.
        void queryClient.prefetchQuery({
          ...productsQueryOptions(DEFAULT_SHOP_PARAMS),
          queryFn: ({ signal }) => fetchProducts(DEFAULT_SHOP_PARAMS, signal, true),
        });
        void queryClient.prefetchQuery({ ...lessonsQueryOptions(), queryFn: () => fetchLessons(true) });
        if (userId) {
          void import('../features/users/api/get-profile').then(({ fetchProfile, profileQueryOptions }) =>
            queryClient.prefetchQuery({ ...profileQueryOptions(), queryFn: () => fetchProfile(true) }),
          );
        }
      });
    };
    follow(getSession());
    return onSessionChange(follow);
  }, [queryClient, rendered]);

  return (
    <RenderedWith value={rendered}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </RenderedWith>
  );
}
