/** The frame of the marketing pages (SPEC.md "Public layout"): navigation, the page, footer. */
import { Outlet } from 'react-router';
import { MainLandmark } from '../../components/MainLandmark.tsx';
import { SiteFooter } from './SiteFooter.tsx';
import { SiteNav } from './SiteNav.tsx';
import './PublicLayout.css';

export default function PublicLayout() {
  return (
    <div className="public-layout">
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <SiteNav />
      <MainLandmark id="content" className="public-layout__main" tabIndex={-1}>
        <Outlet />
      </MainLandmark>
      <SiteFooter />
    </div>
  );
}
