/** The site's address in a read-only field with a Copy button, so a creator can share it to find a first member. */
import { useId, useState } from 'react';
import { Button } from '../../components/Button.tsx';
import '../../components/FormField.css';

export function ShareLink({ url }: { url: string }) {
  const id = useId();
  const [said, setSaid] = useState<string>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setSaid('Link copied.');
    } catch {
      // Without clipboard access (an insecure origin, a refusal) the text is selected for the creator to copy.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
      setSaid('Press Ctrl+C (or ⌘C) to copy the selected link.');
    }
  };
  return (
    <div className="share-link">
      <label className="visually-hidden" htmlFor={id}>
        Your site's address
      </label>
      <input id={id} className="field__input share-link__input" readOnly value={url} onFocus={(event) => event.target.select()} />
      <Button variant="secondary" onClick={() => void copy()}>
        Copy link
      </Button>
      <p className="share-link__status" role="status">
        {said}
      </p>
    </div>
  );
}
