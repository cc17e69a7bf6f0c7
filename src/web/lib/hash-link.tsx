import { useLayoutEffect, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { navigate, type NavigateOptions } from './hash-location.ts';

// Links and the redirect of the first-load chunk. They behave like wouter's <Link> and <Redirect>
// under <Router hook={useHashPath}>, without a router context: wouter's Router, Link and default
// browser-location hook cost home ~1.5 KB gzipped. Lazy pages may still use wouter's Link; the
// app wraps them in that router (app/WouterScope.tsx).

export interface LinkProps extends AnchorHTMLAttributes<HTMLAnchorElement>, NavigateOptions {
  /** A hash route such as `/keyboard`; rendered as `#/keyboard`. */
  href: string;
}

/** A link to a hash route; modified and non-primary clicks are left to the browser (new tab). */
export function Link({ href, replace, onClick, children, ...props }: LinkProps) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey || event.shiftKey || event.button !== 0) {
      return;
    }
    onClick?.(event);
    if (event.defaultPrevented) return;
    event.preventDefault();
    navigate(href, { replace });
  };
  return (
    <a {...props} href={'#' + href} onClick={follow}>
      {children}
    </a>
  );
}

/** Goes to `to` as soon as it is rendered. */
export function Redirect({ to, replace }: { to: string } & NavigateOptions) {
  useLayoutEffect(() => navigate(to, { replace }), [to, replace]);
  return null;
}
