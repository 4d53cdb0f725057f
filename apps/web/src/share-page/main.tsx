import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ForumPostPage } from './ForumPostPage';
import { SharePage } from './SharePage';
import './share-page.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      {/* A link naming a post opens the in-app post page; any other is a share. */}
      {new URLSearchParams(location.search).has('post_id') ? <ForumPostPage /> : <SharePage />}
    </StrictMode>,
  );
}
