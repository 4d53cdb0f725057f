import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { SIGN_OUT_PATH } from '../paths';

/**
 * Signing out is a page of its own: leaving the guarded pages first means the guard never sees the session end
 * and never treats the sign-out as an expiry worth coming back from.
 */
export function useSignOut(): () => void {
  const navigate = useNavigate();
  return useCallback(() => void navigate(SIGN_OUT_PATH, { replace: true }), [navigate]);
}
