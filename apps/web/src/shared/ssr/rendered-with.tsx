import type { Currency, Language } from '@atelier/shared';
import type { DehydratedState } from '@tanstack/react-query';
import { createContext, type ReactNode, useContext } from 'react';

/** The language and currency a page was rendered with on the server. */
export interface RenderedState {
  lang: Language;
  currency: Currency;
}

/** What the server embeds in `<script type="application/json" id="ssr-state">`. */
export interface EmbeddedState extends RenderedState {
  queries: DehydratedState;
}

const RenderedContext = createContext<RenderedState | null>(null);

/**
 * Around the page on the server and around the hydrated app in the browser: stores that differ
 * between the two (the display currency lives in the browser) answer with the server's value
 * while React hydrates, then switch to their own.
 */
export function RenderedWith({ value, children }: { value: RenderedState | null; children: ReactNode }) {
  return <RenderedContext.Provider value={value}>{children}</RenderedContext.Provider>;
}

/** The server's choices during server rendering and hydration; null in a client-rendered app. */
export function useRendered(): RenderedState | null {
  return useContext(RenderedContext);
}
