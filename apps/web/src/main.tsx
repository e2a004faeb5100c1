import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { restoreSession } from './features/auth/api/auth-session';
import { initI18n, loadLaterTexts } from './shared/i18n/i18n';
import type { EmbeddedState } from './shared/ssr/rendered-with';

// The session check starts at once; the page renders as soon as the texts of the language are in.
void restoreSession();

/** The server's state of a server-rendered page (its markup is hydrated); null for the plain shell. */
function embeddedState(): EmbeddedState | null {
  const script = document.getElementById('ssr-state');
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as EmbeddedState;
  } catch (error) {
    console.error('The embedded page state is unreadable; rendering in the browser', error);
    return null;
  }
}

initI18n()
  .catch((error: unknown) => console.error('Interface texts failed to load', error))
  .finally(() => {
    const root = document.getElementById('root');
    if (!root) throw new Error('#root is missing from index.html');
    const state = embeddedState();
    // A page rendered here (not hydrated) may need the later texts at once: its lazy page waits for them.
    if (!state) loadLaterTexts().catch((error: unknown) => console.error('Interface texts failed to load', error));
    const app = (
      <StrictMode>
        <App rendered={state} />
      </StrictMode>
    );
    if (state && root.firstChild) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
