import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, screenshotFailures, signIn, type Session } from '../support/browser';
import { PASSWORDS } from '../support/portal-server';

describe('access to tenant areas', () => {
  let s: Session;
  beforeAll(async () => {
    s = await openSession();
    await s.page.goto(s.url('/cmp-app'));
    await signIn(s.page, 'nio-viewer', PASSWORDS.demo);
    await s.page.getByRole('listitem').first().waitFor();
  });
  afterAll(async () => s?.close());
  screenshotFailures(() => s);

  it('should offer a single-tenant user only their tenant', async () => {
    expect(await s.page.getByRole('listitem').allTextContents()).toEqual([expect.stringContaining('NIO')]);
  });

  it("should refuse another tenant's area named in the URL", async () => {
    await s.page.goto(s.url('/cmp-app/pe'));
    await s.page.getByText('你没有 PE 区域的访问权限').waitFor();
    expect(await s.page.getByRole('menu').count()).toBe(0);
    await s.snap('tenant-forbidden-zh');

    // The server refuses it as well, whatever the page shows.
    const answer = await s.page.evaluate(async () => {
      const response = await fetch('/api/pe/files', { method: 'POST', body: new FormData() });
      return { status: response.status, body: (await response.json()) as unknown };
    });
    expect(answer).toMatchObject({ status: 403, body: { error: { code: 'tenant_forbidden' } } });
  });

  it('should refuse staff administration to a viewer and keep it out of the menu', async () => {
    await s.page.goto(s.url('/cmp-app/nio/admin/staff'));
    await s.page.getByText('你没有访问此功能的权限').waitFor();
    expect(await s.page.getByRole('menu').getByText('系统管理').count()).toBe(0);
  });

  it('should open old links without a tenant in the last used area, keeping the query', async () => {
    await s.page.goto(s.url('/cmp-app/nio'));
    await s.page.getByText('欢迎，NIO viewer').waitFor();
    await s.page.goto(s.url('/feedback-list?commentId=42'));
    await s.page.waitForURL(s.url('/cmp-app/nio?commentId=42'));
    await s.page.goto(s.url('/main'));
    await s.page.waitForURL(s.url('/cmp-app/nio'));
  });

  it('should show the error page and the not-found page', async () => {
    await s.page.goto(s.url('/error'));
    await s.page.getByText('出错了').waitFor();
    await s.snap('error-page-zh');
    await s.page.goto(s.url('/cmp-app/xyz'));
    await s.page.getByText('页面不存在', { exact: true }).waitFor();
    await s.snap('not-found-zh');
  });
});
