import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SharePage } from './SharePage';
import './share-page.css';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <SharePage />
    </StrictMode>,
  );
}
