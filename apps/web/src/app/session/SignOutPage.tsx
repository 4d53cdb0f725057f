import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { api } from '../../api/client';
import { PageLoading } from '../errors/PageLoading';
import { SIGN_IN_PATH } from '../paths';
import { endSession } from './session';

/** Ends the session on the server, forgets everything cached for this user, then shows the sign-in page. */
export function SignOutPage() {
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void api
      .post<void>('/auth/sign-out')
      // Signing out locally matters more than the server's answer: a dead session is signed out anyway.
      .catch(() => undefined)
      .finally(() => {
        endSession(queryClient);
        setDone(true);
      });
  }, [queryClient]);

  return done ? <Navigate to={SIGN_IN_PATH} replace /> : <PageLoading />;
}
