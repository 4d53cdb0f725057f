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

/**
 * Where a stop's pin goes so that it is not drawn over the origin's or destination's pin: where it is when it
 * is at least `gap` pixels from both, else `gap` pixels from the nearer one, on the side the stop lies (east
 * when it lies exactly on it). The map draws a leader line from the stop to a pin moved this way.
 */
export function besideEndpoints(
  point: ScreenPoint,
  endpoints: readonly ScreenPoint[],
  gap: number,
): ScreenPoint {
  const distance = (end: ScreenPoint) => Math.hypot(point.x - end.x, point.y - end.y);
  const nearest = [...endpoints].sort((a, b) => distance(a) - distance(b))[0];
  if (!nearest || distance(nearest) >= gap) return point;
  const length = distance(nearest);
  if (length === 0) return { x: nearest.x + gap, y: nearest.y };
  return {
    x: nearest.x + ((point.x - nearest.x) / length) * gap,
    y: nearest.y + ((point.y - nearest.y) / length) * gap,
  };
}
