import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { AreaLink } from './area-link';

/** Follows a resolved area link: another area in a new window, the current one in place. */
export function useFollowAreaLink(): (link: AreaLink) => void {
  const navigate = useNavigate();
  return useCallback(
    (link: AreaLink) => {
      if (link.newWindow) window.open(link.href, '_blank', 'noopener');
      else void navigate(link.href);
    },
    [navigate],
  );
}
