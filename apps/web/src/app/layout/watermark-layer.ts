const escapeXml = (text: string): string => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** One tile of the watermark: the lines, slanted, faint enough to read the page through. */
export function watermarkTile(lines: readonly string[]): string {
  const spans = lines
    .map((line, i) => `<tspan x="180" dy="${i === 0 ? 0 : 20}">${escapeXml(line)}</tspan>`)
    .join('');
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="360" height="220">' +
    '<text y="100" text-anchor="middle" transform="rotate(-22 180 110)" font-size="14" ' +
    `font-family="sans-serif" fill="rgba(0,0,0,0.10)">${spans}</text></svg>`;
  return `url("data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}")`;
}

export function layerStyle(lines: readonly string[]): string {
  return [
    'position:fixed',
    'inset:0',
    'z-index:2147483000',
    'pointer-events:none',
    'user-select:none',
    'background-repeat:repeat',
    `background-image:${watermarkTile(lines)}`,
  ].join(';');
}

/**
 * Draws the watermark as a plain DOM node outside React and draws it again whenever it is removed or its style
 * is changed (say, from the browser's developer tools): React would not notice either, so an observer does.
 * Returns the function that takes it away for good.
 */
export function mountWatermark(host: HTMLElement, lines: readonly string[]): () => void {
  const style = layerStyle(lines);
  const create = (): HTMLDivElement => {
    const layer = document.createElement('div');
    layer.setAttribute('style', style);
    layer.setAttribute('aria-hidden', 'true');
    layer.dataset.watermark = lines.join(' ');
    host.appendChild(layer);
    return layer;
  };

  let layer = create();
  const observer = new MutationObserver(() => {
    if (layer.parentNode === host && layer.getAttribute('style') === style && !layer.hasChildNodes()) return;
    layer.remove();
    layer = create();
    observer.observe(layer, { attributes: true, childList: true });
  });
  observer.observe(host, { childList: true });
  observer.observe(layer, { attributes: true, childList: true });

  return () => {
    observer.disconnect();
    layer.remove();
  };
}
