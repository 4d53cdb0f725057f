import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ShareTemplate } from '@cmp/domain/share-templates/share-templates';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok, staffUser } from '../../test/fake-api';
import { renderPortal } from '../../test/render-portal';

const operator = staffUser([{ tenant: 'nio', role: 'operator' }]);
const ONE = '/api/nio/share-templates/3';
const picture = (n: number) => ({ fileId: `f-${n}`, url: `/api/files/f-${n}` });
const template = (overrides: Partial<ShareTemplate> = {}): ShareTemplate => ({
  shareTempletId: 3,
  shareType: 'group_invite',
  shareInfoId: 'station-group-invite',
  sharePic: [1, 2, 3, 4, 5].map(picture),
  shareTitle: '加入场站车友群',
  description: '排队提醒、站点动态',
  landingPage: 'https://h5.example.com/group/invite',
  creator: 'nio-operator',
  updater: null,
  createdAt: Date.parse('2026-11-01T10:00:00+08:00'),
  updatedAt: Date.parse('2026-11-01T10:00:00+08:00'),
  version: 4,
  ...overrides,
});

describe('ShareTemplateEditorPage', () => {
  beforeAll(() => import('./ShareTemplateEditorPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));

  it('should offer no more pictures at 5, take one again once one is removed, and save the rest in order', async () => {
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(operator),
      'GET /api/portal-config': () => ok({ tileUrl: null, tileAttribution: null }),
      [`GET ${ONE}`]: () => ok(template()),
      [`PUT ${ONE}`]: ({ body }) =>
        ok(template({ ...(body as object), sharePic: [1, 3, 4, 5].map(picture), version: 5 })),
    });
    renderPortal('/cmp-app/nio/share-templates/edit?id=3');
    const user = userEvent.setup();

    await screen.findByRole('heading', { name: '加入场站车友群 · #3' });
    const preview = screen.getByTestId('share-card-preview');
    expect(within(preview).getByText('排队提醒、站点动态')).toBeInTheDocument();
    expect(within(preview).getByRole('img')).toHaveAttribute('src', '/api/files/f-1');
    expect(screen.getByText('已选 5 / 5 张，第一张为卡片图')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '编辑' }));
    expect(screen.queryByText('添加图片')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '移除第 2 张图片' }));
    expect(await screen.findByText('添加图片')).toBeInTheDocument();
    expect(screen.getByText('已选 4 / 5 张，第一张为卡片图')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      shareType: 'group_invite',
      shareInfoId: 'station-group-invite',
      shareTitle: '加入场站车友群',
      description: '排队提醒、站点动态',
      landingPage: 'https://h5.example.com/group/invite',
      sharePic: ['f-1', 'f-3', 'f-4', 'f-5'],
      version: 4,
    });
  });

  it('should refuse a landing page that is not a web address at the field, in the domain’s words', async () => {
    fakeApi({
      'GET /api/auth/me': () => ok(operator),
      'GET /api/portal-config': () => ok({ tileUrl: null, tileAttribution: null }),
      [`GET ${ONE}`]: () => ok(template()),
    });
    renderPortal('/cmp-app/nio/share-templates/edit?id=3');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: '加入场站车友群 · #3' });
    await user.click(screen.getByRole('button', { name: '编辑' }));
    const landing = screen.getByLabelText('落地页');
    await user.clear(landing);
    await user.type(landing, 'ftp://example.com');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('链接必须以 http:// 或 https:// 开头')).toBeInTheDocument();
  });
});
