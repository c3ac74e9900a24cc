/**
 * Every 'Logout' and 'Sign out' button: ends the session, then /login. A
 * failure leaves the user where they are, with a message for the live region.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAuth } from './auth.tsx';

export const SIGN_OUT_FAILED = 'Signing out failed. Please check your connection and try again.';

export function useSignOut() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const [failed, setFailed] = useState(false);

  const leave = async () => {
    if (signingOut) return;
    setSigningOut(true);
    setFailed(false);
    try {
      await signOut();
      void navigate('/login', { replace: true });
    } catch {
      setFailed(true);
      setSigningOut(false);
    }
  };

  return { signOut: leave, signingOut, failureMessage: failed ? SIGN_OUT_FAILED : undefined };
}
