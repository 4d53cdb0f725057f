import { screen, waitFor } from '@testing-library/react';

/**
 * The open dialog whose text holds `title`. Found by its text rather than by its accessible name: under
 * test rc-util gives every generated id the value 'test-id', so a dialog's aria-labelledby may point at
 * another element of the page (a drawer's title, say) and `findByRole('dialog', { name })` misses it.
 */
export const findDialog = (title: string): Promise<HTMLElement> =>
  waitFor(() => {
    const dialog = screen.getAllByRole('dialog').findLast((d) => d.textContent?.includes(title));
    if (!dialog) throw new Error(`no open dialog says "${title}"`);
    return dialog;
  });
