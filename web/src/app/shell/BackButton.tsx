/**
 * Back, in the bar of a phone or tablet on every screen below the top level (§2 routes such
 * as a site, an item, a form): to where the user came from, or, on a screen opened directly,
 * to the screen above it in the route table.
 */
import { IconButton, SvgIcon } from "@mui/material";
import { matchRoutes, useLocation, useNavigate, type RouteObject } from "react-router";
import { t } from "../../lib/strings";

/** The nearest address above `pathname` that names a screen of `routes`. */
export function parentPath(pathname: string, routes: RouteObject[]): string {
  const segments = pathname.split("/").filter(Boolean);
  while (segments.length > 1) {
    segments.pop();
    const candidate = `/${segments.join("/")}`;
    const matched = matchRoutes(routes, candidate)?.at(-1);
    if (matched && matched.route.path !== "*") return candidate;
  }
  return `/${segments.join("/")}`;
}

const BackIcon = () => (
  <SvgIcon>
    <path d="M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20z" />
  </SvgIcon>
);

export interface BackButtonProps {
  /** The addresses of the top level (the navigation's entries): no Back there. */
  topLevel: ReadonlySet<string>;
  /** The screen above an address, for a screen opened directly (see `parentPath`). */
  parentOf: (pathname: string) => string;
}

export function BackButton({ topLevel, parentOf }: BackButtonProps) {
  const location = useLocation();
  const navigate = useNavigate();
  if (topLevel.has(location.pathname)) return null;
  // The first entry of this app's history has the key "default": nothing of ours to go back to.
  const back = () => (location.key === "default" ? navigate(parentOf(location.pathname)) : navigate(-1));
  return (
    <IconButton color="inherit" edge="start" aria-label={t("back")} onClick={() => void back()}>
      <BackIcon />
    </IconButton>
  );
}
