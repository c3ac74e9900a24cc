/** The two halves of "Upload content" (/upload): posts and the media library, as links so each has its own address. */
import { NavLink } from 'react-router';
import './upload-tabs.css';

export function UploadTabs() {
  return (
    <nav className="upload-tabs" aria-label="Upload content">
      <NavLink to="/upload" end className="upload-tabs__link">
        Posts
      </NavLink>
      <NavLink to="/upload/media" className="upload-tabs__link">
        Media
      </NavLink>
    </nav>
  );
}
