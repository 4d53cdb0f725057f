import type {
  CsChargerTypeOption,
  PlanningResourceType,
  RouteResourceType,
} from './planning-resource-types.js';

export interface RouteResourceFilter {
  /** Route resource types joined with a pipe, e.g. `CS|PS`. */
  resourceTypes: string;
  csChargerTypeOption?: CsChargerTypeOption;
}

const SEPARATOR = '|';

/** DC and AC piles are both charge stations (CS) to the planner; which chargers count is its own option. */
export function toRouteResourceFilter(types: readonly PlanningResourceType[]): RouteResourceFilter {
  const dc = types.includes('CS_DC');
  const ac = types.includes('CS_AC');
  const routeTypes: RouteResourceType[] = [];
  if (dc || ac) routeTypes.push('CS');
  if (types.includes('PS')) routeTypes.push('PS');
  const filter: RouteResourceFilter = { resourceTypes: routeTypes.join(SEPARATOR) };
  if (dc || ac) filter.csChargerTypeOption = dc && ac ? 'all' : dc ? 'has_dc' : 'has_ac';
  return filter;
}

/** The reverse, for showing a saved road book's choice in the planning form. */
export function fromRouteResourceFilter(filter: RouteResourceFilter): PlanningResourceType[] {
  const routeTypes = filter.resourceTypes.split(SEPARATOR);
  const types: PlanningResourceType[] = [];
  if (routeTypes.includes('CS')) {
    const option = filter.csChargerTypeOption ?? 'all';
    if (option !== 'has_ac') types.push('CS_DC');
    if (option !== 'has_dc') types.push('CS_AC');
  }
  if (routeTypes.includes('PS')) types.push('PS');
  return types;
}
