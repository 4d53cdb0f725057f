import type { TFunction } from 'i18next';
import type { UIMatch } from 'react-router';

/** One breadcrumb item; items without a path are group names, not links. */
export interface Crumb {
  name: string;
  path?: string;
}

export interface CrumbContext {
  /** The matched part of the URL, which is where the crumb links to. */
  pathname: string;
  params: Readonly<Record<string, string | undefined>>;
  t: TFunction;
}

/** What a route puts in its `handle` to appear in the breadcrumb. */
export interface CrumbHandle {
  crumbs: (context: CrumbContext) => Crumb[];
}

const hasCrumbs = (handle: unknown): handle is CrumbHandle =>
  typeof handle === 'object' && handle !== null && typeof (handle as CrumbHandle).crumbs === 'function';

export function crumbsOf(matches: readonly UIMatch[], t: TFunction): Crumb[] {
  return matches.flatMap((match) =>
    hasCrumbs(match.handle) ? match.handle.crumbs({ pathname: match.pathname, params: match.params, t }) : [],
  );
}
