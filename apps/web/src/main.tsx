import '@fontsource/cormorant-garamond/500.css';
import '@fontsource/cormorant-garamond/600.css';
import '@fontsource/cormorant-garamond/500-italic.css';
import '@fontsource-variable/manrope/wght.css';
import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { restoreSession } from './features/auth/api/auth-session';
import { initI18n } from './shared/i18n/i18n';

// The session check starts at once; the page renders as soon as the texts of the language are in.
void restoreSession();

initI18n()
  .catch((error: unknown) => console.error('Interface texts failed to load', error))
  .finally(() => {
    const root = document.getElementById('root');
    if (!root) throw new Error('#root is missing from index.html');
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
