/** A section's public page (the gift page, the tip page): its address to open, and a button that copies it. */
import { CopyLinkButton } from './CopyLinkButton.tsx';

export function PublicPageLink({ name, url }: { name: string; url: string }) {
  return (
    <div className="earn-share">
      <p className="earn-share__link">
        Your {name}:{' '}
        <a href={url} target="_blank" rel="noreferrer">
          {url}
        </a>
      </p>
      <CopyLinkButton url={url} label={`your ${name}`} />
    </div>
  );
}
