/**
 * SPEC.md "Maintenance screen". It replaces the whole app, router included, so
 * it uses plain links and reloads rather than navigation.
 */
import { useEffect } from 'react';
import { MAINTENANCE_REFRESH_SECONDS } from '../../../../common/constants.ts';
import { usePageMeta } from '../../../app/usePageMeta.ts';
import { usePublicConfig } from '../../../app/public-config.tsx';
import { Button } from '../../../components/Button.tsx';
import { StatusScreen } from '../../../components/StatusScreen.tsx';
import { MAINTENANCE_SUPPORT_MESSAGE, supportMailto } from '../../../lib/support-mailto.ts';

export default function MaintenanceScreen() {
  usePageMeta({
    title: '503 | Scheduled Maintenance',
    description: 'The platform is undergoing scheduled maintenance and will be back shortly.',
    robots: 'noindex, nofollow',
  });
  const config = usePublicConfig();

  useEffect(() => {
    const timer = window.setTimeout(() => window.location.reload(), MAINTENANCE_REFRESH_SECONDS * 1000);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <StatusScreen
      heading="We're Upgrading..."
      actions={
        <>
          <Button variant="light" onClick={() => window.location.reload()}>
            Try Again
          </Button>
          {config && (
            <a className="button button--primary button--md" href={supportMailto(config.supportEmail, MAINTENANCE_SUPPORT_MESSAGE)}>
              Contact Support
            </a>
          )}
        </>
      }
    >
      <p>
        Our platform is undergoing scheduled maintenance to deploy new features, fix bugs and improve performance.
      </p>
      <p>Thank you for your patience. We'll be back shortly.</p>
    </StatusScreen>
  );
}
