import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test-utils';
import { EllipsisCell } from './EllipsisCell';

describe('EllipsisCell', () => {
  it('should cut a text after the lines asked for and show it whole in a tooltip under the pointer', async () => {
    const long = 'Fast chargers, easy parking, and a kind attendant who helped with the cable. '.repeat(3);
    const { user } = renderWithProviders(<EllipsisCell lines={2}>{long.trim()}</EllipsisCell>);
    const cell = screen.getByText(long.trim());
    expect(cell).toHaveStyle({ WebkitLineClamp: '2', overflow: 'hidden' });
    // jsdom lays nothing out: the cell is told its text runs below its two lines.
    Object.defineProperty(cell, 'scrollHeight', { value: 66 });
    Object.defineProperty(cell, 'clientHeight', { value: 44 });

    await user.hover(cell);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(long.trim());
  });

  it('should show its own tooltip text for a cut cell, and none for a cell that fits', async () => {
    const { user } = renderWithProviders(
      <>
        <EllipsisCell tooltip="Hongqiao hub · CS100">Hongqiao hub</EllipsisCell>
        <EllipsisCell>Short</EllipsisCell>
      </>,
    );
    const cut = screen.getByText('Hongqiao hub');
    Object.defineProperty(cut, 'scrollWidth', { value: 300 });
    Object.defineProperty(cut, 'clientWidth', { value: 120 });

    await user.hover(screen.getByText('Short'));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.hover(cut);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Hongqiao hub · CS100');
  });
});
