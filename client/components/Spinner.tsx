/** A decorative spinner: the words beside it ("Please wait...", a busy button's label) carry the meaning. */
import './Spinner.css';

export function Spinner({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) {
  return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
}
