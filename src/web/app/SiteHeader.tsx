import type { ReactNode } from 'react';
import { Logo } from '../components/art/Logo.tsx';
import { AccountSlot } from '../features/account-menu/index.ts';
import { useHashPath } from '../lib/hash-location.ts';
import { Link } from '../lib/hash-link.tsx';
import { shellText } from './texts.ts';
import { useCartBadgeCount } from './use-cart-badge-count.ts';

const { nav } = shellText;

function NavLink({ to, label, children }: { to: string; label?: string; children: ReactNode }) {
  const [path] = useHashPath();
  const current = path.replace(/\/+$/, '').toLowerCase() === to.toLowerCase();
  return (
    <Link
      href={to}
      className="site-nav__link"
      aria-current={current ? 'page' : undefined}
      aria-label={label}
    >
      {children}
    </Link>
  );
}

function CartLink() {
  const [path] = useHashPath();
  const count = useCartBadgeCount(path.replace(/\/+$/, '').toLowerCase() || '/');
  return (
    <NavLink to="/cart" label={count > 0 ? shellText.cartName(count) : undefined}>
      <svg className="site-nav__icon" viewBox="0 0 24 24" aria-hidden="true">
        <path d="M3 4h2.2l2.1 10.2a1.5 1.5 0 0 0 1.5 1.2h8.4a1.5 1.5 0 0 0 1.5-1.1L20.5 8H6.1" />
        <circle cx="9.5" cy="19.5" r="1.4" />
        <circle cx="17" cy="19.5" r="1.4" />
      </svg>
      {nav.cart}
      {count > 0 && (
        <span className="site-nav__badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </NavLink>
  );
}

function Brand() {
  return (
    <Link href="/home" className="site-brand">
      <Logo decorative className="site-brand__mark" />
      <span>{shellText.brand}</span>
    </Link>
  );
}

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Brand />
        <nav aria-label={shellText.navLabel} className="site-nav">
          <ul className="site-nav__list">
            <li>
              <NavLink to="/home">{nav.home}</NavLink>
            </li>
            <li>
              <NavLink to="/keyboard">{nav.keyboards}</NavLink>
            </li>
            <li>
              <NavLink to="/switches">{nav.switches}</NavLink>
            </li>
            <li>
              <NavLink to="/accessories">{nav.accessories}</NavLink>
            </li>
            <li>
              <CartLink />
            </li>
            <li>
              <AccountSlot linkClassName="site-nav__link" />
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}
