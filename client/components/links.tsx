// Links inside the app, built on React Router's own hooks. React Router's <Link> and <NavLink> also carry
// framework mode's route prefetching (<PrefetchPageLinks> and its manifest walk, 2 KB gz) into every
// first load, though a single-page app has no manifest to prefetch from: these links navigate exactly as
// theirs do (the same click handler: modifier keys, middle click and target="_blank" are left to the
// browser) without that code.
import type { AnchorHTMLAttributes } from "react";
import { type To, useHref, useLinkClickHandler, useMatch, useResolvedPath } from "react-router";

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: To };

export function Link({ to, onClick, target, ...props }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { target });
  return (
    <a
      {...props}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) navigate(event);
      }}
    />
  );
}

/** A link marked `active` and `aria-current="page"` on its own page and the pages under it (React Router's match). */
export function NavLink({ className, ...props }: LinkProps) {
  const active = useMatch({ path: useResolvedPath(props.to).pathname, end: false }) !== null;
  return (
    <Link
      {...props}
      className={[className, active && "active"].filter(Boolean).join(" ") || undefined}
      aria-current={active ? "page" : undefined}
    />
  );
}
