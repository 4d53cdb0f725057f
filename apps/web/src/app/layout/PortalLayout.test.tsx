import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { changeLanguage } from '../../i18n';
import { fakeApi, noContent, ok, staffUser } from '../../test/fake-api';
import { currentUrl, renderPortal } from '../../test/render-portal';

const admin = staffUser([
  { tenant: 'nio', role: 'admin' },
  { tenant: 'pe', role: 'viewer' },
]);

describe('PortalLayout', () => {
  beforeEach(() => changeLanguage('zh-CN'));

  it('should show the title, the tenant by name and the signed-in user in the header', async () => {
    fakeApi({ 'GET /api/auth/me': () => ok(admin) });
    renderPortal('/cmp-app/nio');

    const banner = await screen.findByTestId('current-user');
    expect(banner).toHaveTextContent('Alice Wang');
    expect(banner).toHaveTextContent('(alice)');
    expect(screen.getByText('充换电运营管理平台')).toBeInTheDocument();
    expect(screen.getByTestId('current-tenant')).toHaveTextContent(/^NIO$/);
    expect(screen.getByText('/cmp-app/nio')).toBeInTheDocument();
    // One landmark of each kind: the page's content is one <main>, not one inside another.
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(document.querySelector('[data-watermark]')).toHaveAttribute(
      'data-watermark',
      `alice ${window.location.origin}`,
    );
  });

  it('should show only built areas in the menu, and staff administration only to admins', async () => {
    fakeApi({ 'GET /api/auth/me': () => ok(admin) });
    const nio = renderPortal('/cmp-app/nio');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('首页')).toBeInTheDocument();
    expect(within(menu).getByText('系统管理')).toBeInTheDocument();
    expect(within(menu).getByText('评论管理')).toBeInTheDocument();
    expect(within(menu).getByText('内容投放')).toBeInTheDocument();
    expect(within(menu).getByText('商城')).toBeInTheDocument();
    expect(within(menu).getByText('资源运营')).toBeInTheDocument();
    // The gift bags and awards are sections of a lottery's page, not screens of their own.
    await nio.user.click(within(menu).getByText('活动管理'));
    expect(await within(menu).findByText('抽奖记录')).toBeInTheDocument();
    expect(within(menu).queryByText('礼包')).not.toBeInTheDocument();
    expect(within(menu).queryByText('奖品')).not.toBeInTheDocument();
    nio.unmount();

    const { user } = renderPortal('/cmp-app/pe');
    const viewerMenu = await screen.findByRole('menu');
    expect(within(viewerMenu).getByText('首页')).toBeInTheDocument();
    // Everyone reads the regions and dictionaries; staff administration stays with admins.
    await user.click(within(viewerMenu).getByText('系统管理'));
    expect(await within(viewerMenu).findByText('行政区划')).toBeInTheDocument();
    expect(within(viewerMenu).queryByText('员工管理')).not.toBeInTheDocument();
  });

  it('should show the breadcrumb of the route', async () => {
    fakeApi({ 'GET /api/auth/me': () => ok(admin) });
    renderPortal('/cmp-app/nio');
    const breadcrumb = await screen.findByRole('navigation');
    await waitFor(() => expect(breadcrumb).toHaveTextContent('NIO/首页'));
    expect(within(breadcrumb).getByRole('link', { name: 'NIO' })).toHaveAttribute('href', '/cmp-app/nio');
  });

  it('should go home from anywhere in the area', async () => {
    fakeApi({ 'GET /api/auth/me': () => ok(admin) });
    const { user, router } = renderPortal('/cmp-app/nio/no-such-screen');
    await screen.findByText('页面不存在');
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: /首页/ }));
    await waitFor(() => expect(currentUrl(router)).toBe('/cmp-app/nio'));
  });

  it('should open the same page of another area in a new window', async () => {
    fakeApi({ 'GET /api/auth/me': () => ok(admin) });
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const { user } = renderPortal('/cmp-app/nio?from=menu');
    await user.click(await screen.findByRole('button', { name: '当前命名空间' }));
    await user.click(await screen.findByText('在新窗口打开 PE 区域的当前页面'));
    expect(open).toHaveBeenCalledWith('/cmp-app/pe?from=menu', '_blank', 'noopener');
  });

  it('should switch to the same page of another tenant in place', async () => {
    fakeApi({ 'GET /api/auth/me': () => ok(admin) });
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const { user, router } = renderPortal('/cmp-app/nio?from=menu');
    await user.click(await screen.findByRole('button', { name: '当前命名空间' }));
    await user.click(await screen.findByText('切换到 PE 区域'));

    await waitFor(() => expect(currentUrl(router)).toBe('/cmp-app/pe?from=menu'));
    expect(screen.getByTestId('current-tenant')).toHaveTextContent(/^PE$/);
    expect(open).not.toHaveBeenCalled();
  });

  it('should sign out and forget the session', async () => {
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(admin),
      'POST /api/auth/sign-out': () => noContent(),
    });
    const { user, router, queryClient } = renderPortal('/cmp-app/nio');
    await user.click(await screen.findByRole('button', { name: /退出登录/ }));

    await waitFor(() => expect(currentUrl(router)).toBe('/cmp-app/sign-in'));
    expect(calls.some((c) => c.path === '/api/auth/sign-out')).toBe(true);
    expect(queryClient.getQueryData(['session'])).toBeNull();
    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
  });

  it('should switch to English, remember it, and move antd and dates along', async () => {
    fakeApi({ 'GET /api/auth/me': () => ok(admin) });
    const { user } = renderPortal('/cmp-app/nio');
    const languages = await screen.findByRole('radiogroup', { name: '切换语言' });
    expect(within(languages).getByRole('radio', { name: '中文' })).toBeChecked();
    await user.click(within(languages).getByText('English'));

    expect(await screen.findByText('Charging & Swap Operations Portal')).toBeInTheDocument();
    expect(localStorage.getItem('cmp.language')).toBe('en-US');
    expect(dayjs.locale()).toBe('en');
    expect(document.documentElement.lang).toBe('en-US');
    expect(document.title).toBe('Charging & Swap Operations Portal');
  });
});
