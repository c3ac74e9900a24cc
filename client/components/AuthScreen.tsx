/**
 * The frame of the sign-in screens (login, signup, verify-email, reset-password):
 * no site navigation, the brand linking home, one form, and optionally a
 * showcase beside it on wide screens.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../common/constants.ts';
import './AuthScreen.css';

interface AuthScreenProps {
  heading: string;
  intro?: ReactNode;
  children: ReactNode;
  /** Content for the right-hand half on wide screens (the login carousel). */
  aside?: ReactNode;
}

export function AuthScreen({ heading, intro, children, aside }: AuthScreenProps) {
  return (
    <div className={aside ? 'auth-screen auth-screen--split' : 'auth-screen'}>
      <main className="auth-screen__main">
        <div className="auth-screen__panel">
          <Link to="/" className="auth-screen__brand">
            <img src="/favicon.svg" alt="" width="32" height="32" />
            {PRODUCT_NAME}
          </Link>
          <h1 className="auth-screen__heading">{heading}</h1>
          {intro && <div className="auth-screen__intro">{intro}</div>}
          {children}
        </div>
      </main>
      {aside}
    </div>
  );
}
