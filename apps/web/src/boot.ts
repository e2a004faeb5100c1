/**
 * The only script a page loads up front (tiny). A server-rendered page is complete without
 * JavaScript, so the app is fetched once the page has loaded (its text, fonts and first images
 * come first on a slow connection), then it hydrates the markup; with the page's chunks preloaded
 * at that moment. The plain shell (pages rendered in the browser) starts the app at once.
 */
import './index.css';

function start(): void {
  const listed = document.getElementById('ssr-modules')?.textContent;
  if (listed) {
    for (const href of JSON.parse(listed) as string[]) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
  }
  void import('./main');
}

if (!document.getElementById('ssr-state') || document.readyState === 'complete') start();
else window.addEventListener('load', start, { once: true });
