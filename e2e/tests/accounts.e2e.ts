import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformAccount } from '@cmp/domain/accounts/account-contracts';
import type { PersonalCarList } from '@cmp/domain/accounts/car-contracts';
import type { Comment } from '@cmp/domain/comments/comment-contracts';
import {
  chooseLanguage,
  openSession,
  screenshotFailures,
  settle,
  signIn,
  type Session,
} from '../support/browser';
import { PASSWORDS } from '../support/portal-server';

const LOOKUP = '/cmp-app/nio/accounts';
const maskedOf = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;

/** A demo user who commented and has a car: the comments name the account, its cars come from the API. */
interface DemoUser {
  account: PlatformAccount;
  plate: string;
  commentText: string;
}

async function demoUser(s: Session): Promise<DemoUser> {
  const headers = { origin: s.origin };
  const response = await s.page.request.post(s.url('/api/nio/comments/search'), {
    data: { pageSize: 100, hasCommentaryText: true },
    headers,
  });
  const { items } = (await response.json()) as { items: Comment[] };
  for (const comment of items) {
    const cars = await s.page.request.get(s.url(`/api/nio/accounts/${comment.accountId}/cars`));
    const [car] = ((await cars.json()) as PersonalCarList).items;
    if (!car?.plateNumber || car.bindingStatus !== 'bound') continue;
    const account = (await (
      await s.page.request.get(s.url(`/api/nio/accounts/${comment.accountId}`))
    ).json()) as PlatformAccount;
    if (account.isDelete || !account.mobile) continue;
    return { account, plate: car.plateNumber, commentText: comment.commentaryText! };
  }
  throw new Error('no demo commenter with a bound car');
}

describe('finding an app user', () => {
  let s: Session;
  let user: DemoUser;

  beforeAll(async () => {
    s = await openSession();
    await s.page.goto(s.url(LOOKUP));
    await signIn(s.page, 'nio-operator', PASSWORDS.demo);
    await s.page.waitForURL(s.url(LOOKUP));
    user = await demoUser(s);
  });
  afterAll(async () => s?.close());
  screenshotFailures(() => s);

  it('should find a demo user by mobile and show the mobile whole to an operator', async () => {
    await s.page.getByText('按手机号、昵称或账号 ID 查找 App 用户').waitFor();
    const box = s.page.getByRole('searchbox', { name: '手机号' });
    await box.fill(user.account.mobile!);
    await box.press('Enter');
    await s.page.waitForURL(/by=mobile&q=\d+/);
    const row = s.page.locator('.ant-table-tbody .ant-table-row', { hasText: user.account.accountId });
    await row.waitFor();
    expect(await row.innerText()).toContain(user.account.mobile!);
    await settle(s.page);
    await s.snap('accounts-lookup-zh');
  });

  it("should open the account page with the user's fields, cars and comments", async () => {
    await s.page.getByRole('link', { name: user.account.accountId, exact: true }).click();
    await s.page.waitForURL(/accounts\/detail\?accountId=/);
    await s.page.getByText(`${user.account.nickName} 的账号`).waitFor();
    await s.page.getByRole('cell', { name: user.plate, exact: true }).waitFor();
    await s.page.getByText('已绑定').first().waitFor();
    await settle(s.page);
    await s.snap('account-detail-cars-zh');

    await s.page.getByRole('tab', { name: '评论' }).click();
    await s.page.getByText(user.commentText).first().waitFor();
    await settle(s.page);
    await s.snap('account-detail-comments-zh');
  });

  it('should show the account page and the look-up in English', async () => {
    await chooseLanguage(s.page, '切换语言', 'English');
    await s.page.getByRole('tab', { name: 'Cars' }).click();
    await s.page.getByText(`${user.account.nickName}'s account`).waitFor();
    await s.page.getByText('Bound').first().waitFor();
    await settle(s.page);
    await s.snap('account-detail-cars-en');
    await s.page.getByRole('link', { name: /Back to the user search/ }).click();
    const box = s.page.getByRole('searchbox', { name: 'Mobile' });
    await box.fill(user.account.mobile!);
    await box.press('Enter');
    await s.page.locator('.ant-table-tbody .ant-table-row', { hasText: user.account.accountId }).waitFor();
    await settle(s.page);
    await s.snap('accounts-lookup-en');
    await s.page.goto(s.url('/cmp-app/nio/personal-cars'));
    await s.page.locator('.ant-table-tbody .ant-table-row').first().waitFor();
    await settle(s.page);
    await s.snap('personal-cars-en');
    await chooseLanguage(s.page, 'Switch language', '中文');
    await s.page.locator('.ant-table-tbody .ant-table-row').first().waitFor();
    await settle(s.page);
    await s.snap('personal-cars-zh');
  });
});

describe('a viewer finding an app user', () => {
  let s: Session;
  let user: DemoUser;
  beforeAll(async () => {
    const operator = await openSession();
    await operator.page.goto(operator.url(LOOKUP));
    await signIn(operator.page, 'nio-operator', PASSWORDS.demo);
    await operator.page.waitForURL(operator.url(LOOKUP));
    user = await demoUser(operator);
    await operator.close();
    s = await openSession();
    await s.page.goto(s.url(LOOKUP));
    await signIn(s.page, 'nio-viewer', PASSWORDS.demo);
    await s.page.waitForURL(s.url(LOOKUP));
  });
  afterAll(async () => s?.close());
  screenshotFailures(() => s);

  it('should see the mobile masked in the results and on the account page', async () => {
    await s.page.goto(s.url(`${LOOKUP}?by=mobile&q=${user.account.mobile}`));
    const row = s.page.locator('.ant-table-tbody .ant-table-row', { hasText: user.account.accountId });
    await row.waitFor();
    const text = await row.innerText();
    expect(text).toContain(maskedOf(user.account.mobile!));
    expect(text).not.toContain(user.account.mobile!);
    await settle(s.page);
    await s.snap('accounts-lookup-viewer-zh');
    await row.click();
    await s.page.getByText(`+86 ${maskedOf(user.account.mobile!)}`).waitFor();
    await settle(s.page);
    await s.snap('account-detail-viewer-zh');
  });
});
