import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { endSession, getSession, onSessionChange, type Session } from '../features/auth/api/auth-session';
import { fetchLessons, lessonsQueryOptions } from '../features/lessons/api/get-lessons';
import { DEFAULT_SHOP_PARAMS, fetchProducts, productsQueryOptions } from '../features/shop/api/get-products';
import { fetchProfile, profileQueryOptions } from '../features/users/api/get-profile';
import { setUnauthorizedHandler } from '../shared/api/client';
import { createQueryClient } from './query-client';
import { router } from './router';

function whenIdle(task: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 3000 });
  else setTimeout(task, 1500);
}

export function App() {
  const [queryClient] = useState(createQueryClient);

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
        queryClient.removeQueries({ queryKey: ['user'] });
        queryClient.removeQueries({ queryKey: ['orders'] });
        void queryClient.invalidateQueries({ queryKey: ['training'] });
      }
      // Prefetched at start: the catalogue, the lessons and, when logged in, the profile.
      whenIdle(() => {
        // Silent: a failed background prefetch is retried when the page is opened, without a toast now.
        void queryClient.prefetchQuery({
          ...productsQueryOptions(DEFAULT_SHOP_PARAMS),
          queryFn: ({ signal }) => fetchProducts(DEFAULT_SHOP_PARAMS, signal, true),
        });
        void queryClient.prefetchQuery({ ...lessonsQueryOptions(), queryFn: () => fetchLessons(true) });
        if (userId) void queryClient.prefetchQuery({ ...profileQueryOptions(), queryFn: () => fetchProfile(true) });
      });
    };
    follow(getSession());
    return onSessionChange(follow);
  }, [queryClient]);

  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
