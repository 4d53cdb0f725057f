import { createContext, useContext } from 'react';
import type { CurrentUser } from '@cmp/domain';

export const CurrentUserContext = createContext<CurrentUser | null>(null);

/** The signed-in user; only screens behind the session guard may ask. */
export function useCurrentUser(): CurrentUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error('useCurrentUser is used outside the session guard');
  return user;
}
