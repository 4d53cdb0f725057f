import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { domainTextsReady } from './i18n';
import './app/global.css';
import { App, createAppQueryClient } from './app/App';
import { createPortalRouter } from './app/router';

const RELOADED_FOR_CHUNKS = 'cmp.reloadedForChunks';

// After a deployment the old page asks for chunks that no longer exist; loading the new version fixes it.
// Once per tab only: if the reload does not help, the screen's error boundary shows the failure instead.
window.addEventListener('vite:preloadError', (event) => {
  if (sessionStorage.getItem(RELOADED_FOR_CHUNKS)) return;
  sessionStorage.setItem(RELOADED_FOR_CHUNKS, '1');
  event.preventDefault();
  window.location.reload();
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
const queryClient = createAppQueryClient();
const router = createPortalRouter();
// The first render waits for the domain's texts in the reader's language (one small chunk, downloading beside the
// page's own while index.html's spinner shows), so no screen paints a message key. A failed download renders
// anyway: the page reloads for it (above), or the screen's error boundary reports what is missing. Not a
// top-level await: with one in the entry the bundler splits the entry into some twenty more chunks.
void domainTextsReady
  .catch((error: unknown) => console.error(error))
  .then(() =>
    createRoot(root).render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    ),
  );
