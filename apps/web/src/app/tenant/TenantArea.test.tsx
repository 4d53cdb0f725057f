import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { changeLanguage } from '../../i18n';
import { fakeApi, ok, staffUser } from '../../test/fake-api';
import { currentUrl, renderPortal } from '../../test/render-portal';

const nioViewer = staffUser([{ tenant: 'nio', role: 'viewer' }]);

describe('tenant areas', () => {
  beforeEach(() => changeLanguage('zh-CN'));

  it('should offer only the tenants the user has', async () => {
    fakeApi({
      'GET /api/auth/me': () =>
        ok(
          staffUser([
            { tenant: 'rsc', role: 'viewer' },
            { tenant: 'nio', role: 'operator' },
          ]),
        ),
    });
    const { user, router } = renderPortal('/cmp-app');
    const choices = await screen.findAllByRole('listitem');
    expect(choices.map((c) => c.textContent)).toEqual([
      expect.stringContaining('NIO'),
      expect.stringContaining('RSC'),
    ]);
    await user.click(screen.getByText('RSC'));
    await waitFor(() => expect(currentUrl(router)).toBe('/cmp-app/rsc'));
    await waitFor(() => expect(localStorage.getItem('cmp.lastTenant')).toBe('rsc'));
  });

  it("should refuse another tenant's area", async () => {
    fakeApi({ 'GET /api/auth/me': () => ok(nioViewer) });
    renderPortal('/cmp-app/pe');
    expect(await screen.findByText('你没有 PE 区域的访问权限')).toBeInTheDocument();
    expect(localStorage.getItem('cmp.lastTenant')).toBeNull();
  });

  it('should refuse a screen that needs a higher role', async () => {
    fakeApi({ 'GET /api/auth/me': () => ok(nioViewer) });
    renderPortal('/cmp-app/nio/admin/staff');
    expect(await screen.findByText('你没有访问此功能的权限')).toBeInTheDocument();
  });

  it('should not know a tenant that does not exist', async () => {
    fakeApi({ 'GET /api/auth/me': () => ok(nioViewer) });
    renderPortal('/cmp-app/xyz');
    expect(await screen.findByText('页面不存在')).toBeInTheDocument();
  });

  it('should open old tenant-less links in the last used area with their query', async () => {
    localStorage.setItem('cmp.lastTenant', 'nio');
    fakeApi({ 'GET /api/auth/me': () => ok(nioViewer) });
    const { router } = renderPortal('/feedback-list?commentId=12');
    await waitFor(() => expect(currentUrl(router)).toBe('/cmp-app/nio/feedback-list?commentId=12'));
  });

  it('should take a user of one tenant straight into its area, past the chooser', async () => {
    fakeApi({ 'GET /api/auth/me': () => ok(nioViewer) });
    const { router } = renderPortal('/cmp-app');
    await waitFor(() => expect(currentUrl(router)).toBe('/cmp-app/nio'));
    expect(screen.queryByRole('list', { name: '可进入的区域' })).not.toBeInTheDocument();
  });

  it('should send /main to the last used area and /index to the chooser when there is none', async () => {
    fakeApi({
      'GET /api/auth/me': () =>
        ok(
          staffUser([
            { tenant: 'nio', role: 'viewer' },
            { tenant: 'pe', role: 'viewer' },
          ]),
        ),
    });
    const first = renderPortal('/index');
    await waitFor(() => expect(currentUrl(first.router)).toBe('/cmp-app'));
    first.unmount();

    localStorage.setItem('cmp.lastTenant', 'nio');
    const second = renderPortal('/main');
    await waitFor(() => expect(currentUrl(second.router)).toBe('/cmp-app/nio'));
  });

  it('should open the lottery activities at the gift bag and award addresses, where each lottery keeps them', async () => {
    fakeApi({
      'GET /api/auth/me': () => ok(staffUser([{ tenant: 'nio', role: 'viewer' }])),
      'GET /api/nio/activities': () => ok({ items: [], total: 0 }),
    });
    for (const path of ['/cmp-app/nio/gift-bags', '/cmp-app/nio/awards']) {
      const portal = renderPortal(path);
      await waitFor(() =>
        expect(currentUrl(portal.router)).toBe('/cmp-app/nio/activities?activityTypes=gift_bag_lottery_draw'),
      );
      portal.unmount();
    }
  });

  it('should show the fixed error page', async () => {
    fakeApi({});
    renderPortal('/error');
    expect(await screen.findByText('出错了')).toBeInTheDocument();
  });
});
