/**
 * Site settings (/settings/general): the handle, title, tagline, about and
 * colour of the site, and its avatar and banner, with the wizard's parts.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import type { SiteJson } from '../../../../common/api/sites.ts';
import { usePageMeta } from '../../../app/usePageMeta.ts';
import { ImagePicker } from '../../sites/ImagePicker.tsx';
import { useImagesReady } from '../../sites/useImagesReady.ts';
import { useMySite } from '../../sites/useMySite.ts';
import { SiteSettingsForm } from './SiteSettingsForm.tsx';
import '../../sites/site-forms.css';
import './settings.css';
import { LoadFailed, Loading } from '../../../components/LoadStatus.tsx';

function Settings({ initialSite }: { initialSite: SiteJson }) {
  const [site, setSite] = useState(initialSite);
  useImagesReady(site, setSite);
  return (
    <>
      <p className="settings__address">
        Your site is at{' '}
        <a href={`/@${site.handle}`} target="_blank" rel="noopener">
          {site.url}
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </p>
      <section className="settings-card" aria-labelledby="site-images-heading">
        <h2 id="site-images-heading" className="settings-card__title">
          Images
        </h2>
        <ImagePicker place="avatar" current={site.avatar} onSaved={setSite} />
        <ImagePicker place="banner" current={site.banner} onSaved={setSite} />
      </section>
      <section className="settings-card">
        <SiteSettingsForm site={site} onSaved={setSite} />
      </section>
    </>
  );
}

export default function GeneralSettingsPage() {
  usePageMeta({ title: 'Site settings | Creator Platform', robots: 'noindex' });
  const { loaded, retry } = useMySite();
  return (
    <div className="settings studio">
      <h1 className="settings__heading">Site settings</h1>
      {loaded.state === 'loading' && <Loading>Loading your site…</Loading>}
      {loaded.state === 'failed' && <LoadFailed message={loaded.message} onRetry={retry} />}
      {loaded.state === 'ready' &&
        (loaded.site ? (
          <Settings initialSite={loaded.site} />
        ) : (
          <p className="settings__empty">
            You have no site yet. <Link to="/onboarding">Set up your site</Link> to choose its handle, title and look.
          </p>
        ))}
    </div>
  );
}
