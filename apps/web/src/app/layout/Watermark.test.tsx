import { describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { Watermark } from './Watermark';
import { layerStyle } from './watermark-layer';

const layer = () => document.body.querySelector<HTMLElement>('[data-watermark]');

describe('Watermark', () => {
  it('should draw the user name and the page origin over the page without catching clicks', () => {
    render(<Watermark userName="alice" />);
    const sut = layer();
    expect(sut?.dataset.watermark).toBe(`alice ${window.location.origin}`);
    expect(sut?.style.pointerEvents).toBe('none');
    expect(sut?.style.userSelect).toBe('none');
    expect(sut?.style.position).toBe('fixed');
  });

  it('should draw itself again when removed from the page', async () => {
    render(<Watermark userName="alice" />);
    layer()?.remove();
    await waitFor(() => expect(layer()).not.toBeNull());
  });

  it('should restore its style when someone hides it', async () => {
    render(<Watermark userName="alice" />);
    layer()?.setAttribute('style', 'display:none');
    await waitFor(() => expect(layer()?.style.display).not.toBe('none'));
    expect(document.body.querySelectorAll('[data-watermark]')).toHaveLength(1);
  });

  it('should go away with the page it belongs to', async () => {
    const { unmount } = render(<Watermark userName="alice" />);
    unmount();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(layer()).toBeNull();
  });

  it('should escape markup in the user name', () => {
    expect(decodeURIComponent(layerStyle(['<b>&']))).toContain('&#60;b&#62;&#38;');
  });
});
