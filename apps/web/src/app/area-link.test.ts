import { describe, expect, it } from 'vitest';
import { areaLink, swapArea } from './area-link';

describe('areaLink', () => {
  it('should navigate in place to a page of the current area', () => {
    expect(areaLink('/cmp-app/pe/stations', 'stations/7?tab=tags', 'pe')).toEqual({
      href: '/cmp-app/pe/stations/7?tab=tags',
      newWindow: false,
    });
  });

  it('should open a page of the other area in a new window', () => {
    expect(areaLink('/cmp-app/pe/stations', 'stations/7', 'nio')).toEqual({
      href: '/cmp-app/nio/stations/7',
      newWindow: true,
    });
  });

  it('should open an area from outside any area in a new window', () => {
    expect(areaLink('/cmp-app', '', 'nio').newWindow).toBe(true);
  });
});

describe('swapArea', () => {
  it('should swap the power-energy prefix for the parent-brand one, keeping path and query', () => {
    expect(swapArea('/cmp-app/pe/admin/staff', '?pageNo=2', 'nio')).toEqual({
      href: '/cmp-app/nio/admin/staff?pageNo=2',
      newWindow: true,
    });
    expect(swapArea('/cmp-app/nio', '', 'pe')).toEqual({ href: '/cmp-app/pe', newWindow: true });
  });

  it('should stay in place when the area does not change', () => {
    expect(swapArea('/cmp-app/nio/admin/staff', '', 'nio')).toEqual({
      href: '/cmp-app/nio/admin/staff',
      newWindow: false,
    });
  });
});
