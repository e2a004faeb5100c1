import type { ReactNode } from 'react';
import { AlertIcon } from './icons';

/** What went wrong with the whole form (the server's answer), read out when it appears. */
export function FormProblem({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800"
    >
      <AlertIcon width={18} height={18} className="mt-0.5 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
