import { describe, expect, it } from 'vitest';
import { PORTAL_AREAS } from '../areas';
import { selectedArea } from './SideMenu';

describe('selectedArea', () => {
  const menuAreas = PORTAL_AREAS.filter((area) => area.inMenu);

  it('should light up the list a detail screen is opened from', () => {
    expect(selectedArea(menuAreas, 'resources/worksheets/detail')?.key).toBe('worksheets');
    expect(selectedArea(menuAreas, 'resources/charge-station')?.key).toBe('resourceOperations');
    expect(selectedArea(menuAreas, 'resources/swap-station')?.key).toBe('resourceOperations');
  });

  it('should light up the home only on the home itself', () => {
    expect(selectedArea(menuAreas, '')?.key).toBe('home');
    expect(selectedArea(menuAreas, 'no-such-screen')).toBeUndefined();
  });
});
