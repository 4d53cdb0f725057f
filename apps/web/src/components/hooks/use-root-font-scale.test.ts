import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useRootFontScale } from './use-root-font-scale';

const root = document.documentElement;
const setWidth = (width: number) =>
  Object.defineProperty(root, 'clientWidth', { configurable: true, value: width });

describe('useRootFontScale', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    root.style.fontSize = '';
  });
  afterEach(() => {
    vi.useRealTimers();
    setWidth(0);
  });

  it('should size the root font to a 100th of the 750 design width at once', () => {
    setWidth(375);
    renderHook(() => useRootFontScale());
    expect(root.style.fontSize).toBe('50px');
  });

  it('should follow a resize only after 300 ms without another one', () => {
    setWidth(375);
    renderHook(() => useRootFontScale());

    setWidth(750);
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(200);
    setWidth(1500);
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(299);
    expect(root.style.fontSize).toBe('50px');

    vi.advanceTimersByTime(1);
    expect(root.style.fontSize).toBe('200px');
  });

  it('should give the root its own font size back on unmount', () => {
    root.style.fontSize = '14px';
    setWidth(375);
    const { unmount } = renderHook(() => useRootFontScale());
    expect(root.style.fontSize).toBe('50px');

    unmount();
    window.dispatchEvent(new Event('resize'));
    vi.advanceTimersByTime(300);
    expect(root.style.fontSize).toBe('14px');
  });
});
