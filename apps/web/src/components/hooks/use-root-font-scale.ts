import { useEffect } from 'react';

/** Width of the H5 designs in design pixels. */
export const DESIGN_WIDTH = 750;
export const RESIZE_DEBOUNCE_MS = 300;

/**
 * Root font size for the mobile (H5) pages, so their CSS can be written in rem straight from the 750-wide
 * designs. We set 1rem = 100 design px, i.e. font-size = clientWidth / 7.5 px (100px at 750 wide, 50px on a
 * 375-wide phone): a design length of 28px is then 0.28rem, read off without arithmetic, and the root font
 * never drops below browsers' minimum font size the way a 1rem = 1 design px scale would. Resizes (rotation,
 * split screen) are debounced by 300 ms so a drag does not restyle the page on every frame. The previous
 * size comes back on unmount, so the back-office pages are not scaled.
 */
export function useRootFontScale(): void {
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.style.fontSize;
    const apply = () => {
      root.style.fontSize = `${root.clientWidth / (DESIGN_WIDTH / 100)}px`;
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(apply, RESIZE_DEBOUNCE_MS);
    };
    apply();
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
      root.style.fontSize = previous;
    };
  }, []);
}
