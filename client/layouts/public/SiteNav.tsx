/**
 * The public top navigation (SPEC.md "Public layout"). Under 768px the entries
 * fold into a burger menu that reports aria-expanded and closes on navigation
 * and on Escape. The bar slides away while scrolling down and comes back on
 * scrolling up, but never while its menu is open or focus is inside it.
 */
import { useId } from 'react';
import { Link, NavLink } from 'react-router';
import { NAV_HIDE_SCROLL_PX, PRODUCT_NAME } from '../../../common/constants.ts';
import { Button } from '../../components/Button.tsx';
import { MenuButton } from '../../components/MenuButton.tsx';
import { useCollapsibleMenu } from '../../components/useCollapsibleMenu.ts';
import { NAV_LINKS } from '../../content/navigation.ts';
import { useNavHiddenOnScroll } from './nav-visibility.ts';
import './SiteNav.css';

export function SiteNav() {
  const [menuOpen, setMenuOpen] = useCollapsibleMenu();
  const scrolledAway = useNavHiddenOnScroll(NAV_HIDE_SCROLL_PX);
  const menuId = useId();
  const hidden = scrolledAway && !menuOpen;

  const closeMenu = () => setMenuOpen(false);
  const classes = ['site-nav', menuOpen && 'site-nav--open', hidden && 'site-nav--hidden'].filter(Boolean).join(' ');

  return (
    <header className={classes} data-state={hidden ? 'hidden' : 'shown'}>
      <nav className="site-nav__bar" aria-label="Main">
        <Link to="/" className="site-nav__brand" onClick={closeMenu}>
          <img src="/favicon.svg" alt="" width="32" height="32" />
          {PRODUCT_NAME}
        </Link>
        <MenuButton open={menuOpen} controls={menuId} className="site-nav__burger" onToggle={() => setMenuOpen((open) => !open)} />
        <div id={menuId} className="site-nav__menu">
          <ul className="site-nav__links">
            {NAV_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className="site-nav__link" onClick={closeMenu}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <Button to="/login" className="site-nav__cta" onClick={closeMenu}>
            Get Started
          </Button>
        </div>
      </nav>
    </header>
  );
}
