/** Copies a link of /earn (an offer's, a product's, the gift or tip page); without clipboard access it says where the link is to copy by hand. */
import { useState } from 'react';
import { Button } from '../../components/Button.tsx';

export function CopyLinkButton({ url, label }: { url: string; label: string }) {
  const [said, setSaid] = useState<string>();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setSaid('Link copied.');
    } catch {
      setSaid('Copy the link above by hand: this browser did not let us.');
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => void copy()} aria-label={`Copy the link of ${label}`}>
        Copy link
      </Button>
      <span className="earn-copied" role="status">
        {said}
      </span>
    </>
  );
}
