/** SPEC.md "Signup": a new creator account, then e-mail verification. */
import { usePageMeta } from '../../../app/usePageMeta.ts';
import { AuthScreen } from '../../../components/AuthScreen.tsx';
import { SignupForm } from './SignupForm.tsx';
import './signup.css';

export default function SignupPage() {
  usePageMeta({
    title: 'Sign Up | Creator Platform',
    description: 'Create your creator account: your own domain, your own prices and a 0% revenue cut.',
  });
  return (
    <AuthScreen heading="Create your account" intro={<p>Start your 30-day free trial and keep 100% of what you earn.</p>}>
      <SignupForm />
    </AuthScreen>
  );
}
