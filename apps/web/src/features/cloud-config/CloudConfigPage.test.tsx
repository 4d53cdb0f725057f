import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ConfigItems, ConfigNamespaceList, ReleaseSummary } from '@cmp/domain/cloud-config/cloud-config';
import { changeLanguage } from '../../i18n';
import { fakeApi, noContent, ok, staffUser, type FakeRequest } from '../../test/fake-api';
import { findDialog } from '../../test/find-dialog';
import { renderPortal } from '../../test/render-portal';

const PAGE = '/cmp-app/nio/cloud-config';
const BASE = '/api/nio/cloud-config/namespaces';
const AT = Date.parse('2026-11-29T10:00:00+08:00');
const operator = staffUser([{ tenant: 'nio', role: 'operator' }]);
const viewer = staffUser([{ tenant: 'nio', role: 'viewer' }]);

const release: ReleaseSummary = {
  releaseId: 11,
  namespaceName: 'application',
  notificationId: 1,
  releaseKey: '20261129100000-0123456789abcdef',
  releaseTitle: '首次发布',
  releaseComment: null,
  releasedBy: 'alice',
  releasedAt: AT,
  rollbackOfReleaseId: null,
  itemCount: 1,
};
const namespaces: ConfigNamespaceList = {
  items: [
    {
      appId: 'nio_app',
      namespaceName: 'application',
      comment: null,
      notificationId: 1,
      itemCount: 1,
      unreleasedChanges: 1,
      lastReleasedAt: AT,
      createdBy: 'alice',
      createTime: AT,
    },
  ],
};
const items: ConfigItems = {
  appId: 'nio_app',
  namespaceName: 'application',
  items: [
    {
      key: 'recommended_comments',
      value: '["充电快"]',
      comment: '评论短语',
      version: 3,
      modifiedBy: 'alice',
      modifiedAt: AT,
      change: 'changed',
    },
  ],
  removedItems: [{ key: 'old_flag', value: 'true', comment: null }],
  latestRelease: release,
};
const handlers = (user = operator) => ({
  'GET /api/auth/me': () => ok(user),
  [`GET ${BASE}`]: () => ok(namespaces),
  [`GET ${BASE}/application/items`]: () => ok(items),
});
const puts = (calls: FakeRequest[]) => calls.filter((c) => c.method === 'PUT');

describe('CloudConfigPage', () => {
  beforeAll(() => import('./CloudConfigPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));
  afterEach(() => vi.unstubAllGlobals());

  it('should mark what changed since the release and list the key deleted since', async () => {
    fakeApi(handlers());
    renderPortal(PAGE);

    expect(await screen.findByText('recommended_comments')).toBeInTheDocument();
    expect(screen.getByText('已修改')).toBeInTheDocument();
    expect(screen.getByText('推荐评论')).toBeInTheDocument();
    expect(screen.getByText('old_flag')).toBeInTheDocument();
    expect(screen.getByText('已删除（待发布）')).toBeInTheDocument();
    expect(screen.getByText('1 项未发布')).toBeInTheDocument();
  });

  it('should refuse a value outside its key’s shape at the field and save a valid one from the version read', async () => {
    const calls = fakeApi({ ...handlers(), [`PUT ${BASE}/application/items`]: () => noContent() });
    const { user } = renderPortal(PAGE);
    const row = (await screen.findByText('recommended_comments')).closest('tr')!;
    await user.click(within(row).getByText(/^修\s?改$/));
    const dialog = await findDialog('修改配置项 recommended_comments');
    const value = within(dialog).getByLabelText('值 (JSON)');

    fireEvent.change(value, { target: { value: '{"a":' } });
    expect(await within(dialog).findByText('请输入合法的 JSON')).toBeInTheDocument();
    fireEvent.change(value, { target: { value: '[1]' } });
    expect(await within(dialog).findByText('0: 输入的值无效')).toBeInTheDocument();
    await user.click(within(dialog).getByText(/^保\s?存$/));
    expect(puts(calls)).toHaveLength(0);

    fireEvent.change(value, { target: { value: '["充电快","车位多"]' } });
    await user.click(within(dialog).getByText(/^保\s?存$/));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toEqual({
      key: 'recommended_comments',
      value: '["充电快","车位多"]',
      comment: '评论短语',
      version: 3,
    });
  });

  it('should add an item under a key of its own, taking any JSON, without a version', async () => {
    const calls = fakeApi({ ...handlers(), [`PUT ${BASE}/application/items`]: () => noContent() });
    const { user } = renderPortal(PAGE);
    await user.click(await screen.findByText('新增配置项'));
    const dialog = await findDialog('新增配置项');

    fireEvent.change(within(dialog).getByLabelText('Key'), { target: { value: 'feature.flags' } });
    fireEvent.change(within(dialog).getByLabelText('值 (JSON)'), { target: { value: '{"dark":true}' } });
    await user.click(within(dialog).getByText(/^创\s?建$/));

    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]!.body).toEqual({ key: 'feature.flags', value: '{"dark":true}' });
  });

  it('should offer viewers no change', async () => {
    fakeApi(handlers(viewer));
    renderPortal(PAGE);

    expect(await screen.findByText('recommended_comments')).toBeInTheDocument();
    expect(screen.queryByText('新增配置项')).toBeNull();
    expect(screen.queryByText(/^发\s?布$/)).toBeNull();
  });
});
