/** SPEC.md "App start": a spinner and 'Please wait...' on a background colour the caller picks. */
import { Spinner } from '../components/Spinner.tsx';
import './LoadingScreen.css';

export function LoadingScreen({ background }: { background: string }) {
  return (
    <div className="loading-screen" style={{ background }} role="status" aria-live="polite">
      <Spinner size="lg" />
      <p className="loading-screen__text">Please wait...</p>
    </div>
  );
}
