import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { StoredFile } from '@cmp/domain/platform/files';
import { renderWithProviders } from '../test-utils';
import { ImageUpload } from './ImageUpload';

const stored: StoredFile = {
  fileId: 'f-1',
  url: '/api/files/f-1',
  name: 'station.png',
  size: 4,
  contentType: 'image/png',
};
const picture = () => new File(['\x89PNG'], 'station.png', { type: 'image/png' });
const fileInput = (container: HTMLElement) =>
  container.querySelector('input[type="file"]') as HTMLInputElement;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
/** The uploads among the requests: the control also reads the portal configuration for the size limit. */
const uploads = (spy: { mock: { calls: unknown[][] } }) =>
  spy.mock.calls.filter(([url]) => url === '/api/nio/files');

describe('ImageUpload', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should post the file as the multipart field file to the action and show the returned url', async () => {
    const fetchSpy = vi.fn(async (_url: string, _init?: RequestInit) => json(201, stored));
    vi.stubGlobal('fetch', fetchSpy);
    const onChange = vi.fn();
    const { user, container } = renderWithProviders(
      <ImageUpload action="/api/nio/files" onChange={onChange} />,
    );

    const file = picture();
    await user.upload(fileInput(container), file);

    await waitFor(() => expect(onChange).toHaveBeenCalledWith(stored));
    const [url, init] = uploads(fetchSpy)[0] as [string, RequestInit];
    expect(url).toBe('/api/nio/files');
    expect(init?.method).toBe('POST');
    expect((init?.body as FormData).get('file')).toBe(file);
    expect(screen.getByRole('img', { name: 'station.png' })).toHaveAttribute('src', '/api/files/f-1');
  });

  it("should show the server's error message and keep the old image", async () => {
    vi.stubGlobal('fetch', async () =>
      json(415, { error: { code: 'unsupported_file_type', message: '不支持的文件类型' } }),
    );
    const onChange = vi.fn();
    const { user, container } = renderWithProviders(
      <ImageUpload action="/api/nio/files" value={stored} onChange={onChange} />,
    );

    await user.upload(fileInput(container), picture());

    expect(await screen.findByRole('alert')).toHaveTextContent('不支持的文件类型');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('img', { name: 'station.png' })).toHaveAttribute('src', '/api/files/f-1');
  });

  it('should say the upload failed when the answer is not ours', async () => {
    vi.stubGlobal('fetch', async () => new Response('Bad gateway', { status: 502 }));
    const { user, container } = renderWithProviders(<ImageUpload action="/api/nio/files" />);

    await user.upload(fileInput(container), picture());

    expect(await screen.findByRole('alert')).toHaveTextContent('上传失败');
  });

  it('should show the upload in progress and take no second file meanwhile', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchSpy = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchSpy);
    const { user, container } = renderWithProviders(<ImageUpload action="/api/nio/files" />);

    await user.upload(fileInput(container), picture());
    expect(await screen.findByText('上传中')).toBeInTheDocument();
    await user.upload(fileInput(container), picture());
    expect(uploads(fetchSpy)).toHaveLength(1);

    answer(json(201, stored));
    expect(await screen.findByRole('img', { name: 'station.png' })).toBeInTheDocument();
    expect(screen.queryByText('上传中')).not.toBeInTheDocument();
  });

  it("should refuse a file over the server's limit before sending it, saying both sizes", async () => {
    const fetchSpy = vi.fn(async (url: string) =>
      url === '/api/portal-config'
        ? json(200, { tileUrl: null, tileAttribution: null, uploadMaxBytes: 1024 * 1024 })
        : json(201, stored),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const onChange = vi.fn();
    const { user, container } = renderWithProviders(
      <ImageUpload action="/api/nio/files" onChange={onChange} />,
    );
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledWith('/api/portal-config', expect.anything()));

    const big = new File([new Uint8Array(3 * 1024 * 1024)], 'huge.png', { type: 'image/png' });
    await user.upload(fileInput(container), big);

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'huge.png 大小为 3 MB，超过上传上限 1 MB，未上传',
    );
    expect(uploads(fetchSpy)).toEqual([]);
    expect(onChange).not.toHaveBeenCalled();

    await user.upload(fileInput(container), picture());
    await waitFor(() => expect(onChange).toHaveBeenCalledWith(stored));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('should show an image the entity stores as a plain url', () => {
    const { container } = renderWithProviders(<ImageUpload action="/api/nio/files" value="/api/files/old" />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/api/files/old');
  });

  it('should not upload while disabled', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const { user, container } = renderWithProviders(<ImageUpload action="/api/nio/files" disabled />);

    await user.upload(fileInput(container), picture());
    expect(uploads(fetchSpy)).toEqual([]);
  });

  it('should show only the image or the label, with no upload, when label-only', () => {
    const { container, rerender } = renderWithProviders(
      <ImageUpload action="/api/nio/files" labelOnly value={stored} />,
    );
    expect(screen.getByRole('img', { name: 'station.png' })).toBeInTheDocument();
    expect(fileInput(container)).toBeNull();

    rerender(<ImageUpload action="/api/nio/files" labelOnly label="No poster" />);
    expect(screen.getByText('No poster')).toBeInTheDocument();
    expect(fileInput(container)).toBeNull();
  });
});
