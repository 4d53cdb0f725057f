/** A point on the screen, in pixels. */
export interface ScreenPoint {
  x: number;
  y: number;
}

/** Stops drawn as one pin: their indexes in driving order, the first one where the pin stands. */
export interface StopGroup {
  first: number;
  last: number;
}

/**
 * Stops in driving order, grouped so that no two pins overlap at the current zoom: a stop closer than `gap`
 * pixels to the pin of the group before it joins that group. Only neighbours in driving order merge, so a
 * pin reads as a range of stop numbers ("3–5"); zooming in splits it again.
 */
export function groupStops(points: readonly ScreenPoint[], gap: number): StopGroup[] {
  const groups: StopGroup[] = [];
  points.forEach((point, index) => {
    const last = groups.at(-1);
    const anchor = last && points[last.first];
    if (last && anchor && Math.hypot(point.x - anchor.x, point.y - anchor.y) < gap) last.last = index;
    else groups.push({ first: index, last: index });
  });
  return groups;
}
