/** SPEC.md "Not-found screen": every unregistered path, the creator area's future sections included. */
import { usePageMeta } from '../../../app/usePageMeta.ts';
import { Button } from '../../../components/Button.tsx';
import { StatusScreen } from '../../../components/StatusScreen.tsx';

export default function NotFoundPage() {
  usePageMeta({ title: '404 | Page Not Found', robots: 'noindex' });
  return (
    <StatusScreen badge="404" heading="Oops, page not found" actions={<Button variant="light" size="lg" to="/">Back to reality</Button>}>
      <p>We looked everywhere, even under the sofa cushions. Whatever you were looking for is not here.</p>
    </StatusScreen>
  );
}
