import { forwardRef, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { useHref, useLinkClickHandler, useLocation, useResolvedPath } from 'react-router';

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** A path in the app: '/pricing', '/#features', '/?open=…' (another site, or a page the server serves, takes an <a>). */
  to: string;
  replace?: boolean;
};

/**
 * A link to a page of the app: a plain <a href> that React Router navigates in place (a modified click, a
 * middle click or target="_blank" is left to the browser). Built on React Router's public hooks, without
 * its <Link>, which carries the framework mode's route prefetching (page links, manifests, RSC) into
 * every page's first load although this app never prefetches.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  { to, replace, onClick, target, ...rest },
  ref,
) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, target });
  return (
    // Its content comes with `rest` (children), as for <a>.
    // eslint-disable-next-line jsx-a11y/anchor-has-content
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      onClick={(e: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(e);
        if (!e.defaultPrevented) navigate(e);
      }}
    />
  );
});

type NavLinkProps = Omit<LinkProps, 'className' | 'children'> & {
  className?: string | ((state: { isActive: boolean }) => string);
  children?: ReactNode;
  /** Active on the path only, not below it. */
  end?: boolean;
};

/** A Link that knows whether it points at the current page: aria-current="page" and `isActive` for its class. */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(
  { to, end, className, ...rest },
  ref,
) {
  const { pathname } = useLocation();
  const target = useResolvedPath(to).pathname;
  const here = pathname.toLowerCase();
  const there = target.toLowerCase();
  const isActive =
    here === there || (!end && there !== '/' && here.startsWith(there) && here.charAt(there.length) === '/');
  return (
    <Link
      {...rest}
      ref={ref}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
});
