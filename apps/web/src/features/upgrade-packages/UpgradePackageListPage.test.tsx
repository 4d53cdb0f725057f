import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok } from '../../test/fake-api';
import { renderPortal } from '../../test/render-portal';
import { signedIn, upgradePackage, viewer } from './test-upgrade-packages';

const LIST = '/api/nio/upgrade-packages';

/** Stands for the browser's XMLHttpRequest, which the upload uses for its progress. */
class FakeUpload {
  static sent: { url: string; form: FormData }[] = [];
  upload: { onprogress?: (event: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  status = 0;
  statusText = '';
  responseText = '';
  private url = '';
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send(form: FormData) {
    FakeUpload.sent.push({ url: this.url, form });
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    this.status = 201;
    this.responseText = JSON.stringify(upgradePackage(7, { version: '2.0.0' }));
    setTimeout(() => this.onload?.(), 0);
  }
}

describe('UpgradePackageListPage', () => {
  beforeAll(() => import('./UpgradePackageListPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));
  afterEach(() => {
    vi.unstubAllGlobals();
    FakeUpload.sent = [];
  });

  it('should show each package with its labels, send the filter from the URL, and offer the upload', async () => {
    const calls = fakeApi({
      ...signedIn(),
      [`GET ${LIST}`]: () =>
        ok({
          total: 2,
          items: [
            upgradePackage(1, { status: 1, action: 'install_when_idle' }),
            upgradePackage(2, { packageType: 'ACPowerCharger', status: 2 }),
          ],
        }),
    });
    renderPortal(
      '/cmp-app/nio/upgrade-packages?packageType=DCPowerCharger&status=1&version=1.&sort=version:asc',
    );

    const first = await screen.findByRole('link', { name: '1' });
    expect(first).toHaveAttribute('href', '/cmp-app/nio/upgrade-packages/detail?id=1');
    const row1 = first.closest('tr') as HTMLElement;
    for (const text of ['直流充电桩', '1.1.0', '已发布', '空闲时安装', '3 MB'])
      expect(within(row1).getByText(text)).toBeInTheDocument();
    const row2 = screen.getByRole('link', { name: '2' }).closest('tr') as HTMLElement;
    for (const text of ['交流充电桩', '已撤回']) expect(within(row2).getByText(text)).toBeInTheDocument();
    const query = Object.fromEntries(calls.filter((c) => c.path === LIST).at(-1)!.query);
    expect(query).toEqual({
      pageNo: '1',
      pageSize: '20',
      sort: 'version:asc',
      packageType: 'DCPowerCharger',
      status: '1',
      version: '1.',
    });
    expect(screen.getByRole('button', { name: /上传升级包/ })).toBeInTheDocument();
  });

  it('should offer viewers no upload', async () => {
    fakeApi({ ...signedIn(viewer), [`GET ${LIST}`]: () => ok({ total: 0, items: [] }) });
    renderPortal('/cmp-app/nio/upgrade-packages');
    await screen.findAllByText('升级包');
    await waitFor(() => expect(screen.getByRole('button', { name: /导\s?出/ })).toBeInTheDocument());
    expect(screen.queryByRole('button', { name: /上传升级包/ })).toBeNull();
  });

  it('should upload the file with its fields, and read the list again', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const calls = fakeApi({
      ...signedIn(),
      [`GET ${LIST}`]: () => ok({ total: 0, items: [] }),
    });
    const { user } = renderPortal('/cmp-app/nio/upgrade-packages');
    await user.click(await screen.findByRole('button', { name: /上传升级包/ }));
    const drawer = await screen.findByRole('dialog');
    const file = new File([new Uint8Array(64)], 'fw-2.0.0.bin');
    await user.upload(drawer.querySelector('input[type=file]') as HTMLInputElement, file);
    await user.type(within(drawer).getByLabelText('版本'), '2.0.0');
    await user.type(within(drawer).getByLabelText(/MD5/), 'ABC');
    await user.click(within(drawer).getByText(/^创\s?建$/));
    expect(await within(drawer).findByText('请输入 32 位十六进制的 MD5')).toBeInTheDocument();
    await user.clear(within(drawer).getByLabelText(/MD5/));
    await user.type(within(drawer).getByLabelText('发布说明'), 'fixes');
    await user.click(within(drawer).getByText(/^创\s?建$/));

    expect(await screen.findByText('已上传升级包 2.0.0')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list is read again, the new package at its head.
    await waitFor(() => expect(calls.filter((c) => c.path === LIST)).toHaveLength(2));
    const [sent] = FakeUpload.sent;
    expect(sent!.url).toBe(LIST);
    expect(Object.fromEntries([...sent!.form.entries()].filter(([name]) => name !== 'file'))).toEqual({
      packageType: 'DCPowerCharger',
      version: '2.0.0',
      action: 'install_now',
      releaseNote: 'fixes',
      isPromotion: 'false',
    });
    expect((sent!.form.get('file') as File).name).toBe('fw-2.0.0.bin');
  });
});
