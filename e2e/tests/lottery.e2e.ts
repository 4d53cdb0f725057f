import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { PlatformAccount } from '@cmp/domain/accounts/account-contracts';
import type { Activity } from '@cmp/domain/activities/activity-contracts';
import type { CouponBatch } from '@cmp/domain/coupons/coupon-batches';
import type { AppClientSecret } from '@cmp/domain/platform/app-clients';
import type { LotteryDraw } from '@cmp/domain/rewards/lottery-draw-contracts';
import { signedHeaders } from '../../apps/server/src/platform/signed-clients/client-signing';
import { openSession, screenshotFailures, signIn, type Session } from '../support/browser';
import { PASSWORDS } from '../support/portal-server';

const ACTIVITIES = '/cmp-app/nio/activities';
const DRAWS = '/cmp-app/nio/lottery-draws';
const DRAW_PATH = '/api/app/lottery-draws';
const HOUR = 3_600_000;
const suffix = Date.now() % 100000;

const openModal = (page: Page) => page.locator('.ant-modal').filter({ visible: true });
const option = (page: Page, text: string) =>
  page.locator('.ant-select-item-option').filter({ visible: true }).getByText(text, { exact: true });
const rows = (page: Page) => page.locator('.ant-table-tbody .ant-table-row');

/** Searches a coupon batch picker by the batch's name and picks it. */
async function pickBatch(page: Page, picker: Locator, batch: CouponBatch) {
  await picker.click();
  await picker.fill(batch.batchName);
  await option(page, `${batch.batchName} (${batch.couponBatchId})`).click();
}

// A lottery set up on its activity's page (its claim type, an award and the gift bag holding it), a user's
// draw through the app back end's signed call, the draw in the records, and the reissue of its failed reward.
describe('lottery: awards, gift bags, a draw and the reissue of its failed reward', () => {
  let s: Session;
  let lottery: Activity;
  /** The award's batch, emptied before the draw so that its coupons cannot be given. */
  let emptied: CouponBatch;
  /** The batch the failed reward is reissued from. */
  let spare: CouponBatch;
  let accountId = '';

  const post = async <T>(path: string, data: unknown): Promise<T> => {
    const response = await s.page.request.post(s.url(path), { headers: { origin: s.origin }, data });
    expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
    return (await response.json()) as T;
  };
  const batch = (name: string, amount: number) =>
    post<CouponBatch>('/api/nio/coupon-batches', {
      couponName: name,
      batchName: name,
      couponBizCode: 'charging_external',
      couponTypeCode: 'voucher',
      amount,
      expireTypeCode: 'days_after_binding',
      effectiveDays: 30,
      couponValue: 5,
      priceElectricityFee: true,
    });

  /** A demo account of the tenant that is not deleted, to draw and to take the batch's one coupon. */
  async function liveAccount(from: number): Promise<string> {
    for (let n = from; n < from + 50; n += 1) {
      const response = await s.page.request.get(s.url(`/api/nio/accounts/ACC${n}`));
      if (response.ok() && !((await response.json()) as PlatformAccount).isDelete) return `ACC${n}`;
    }
    throw new Error('no live demo account');
  }

  beforeAll(async () => {
    s = await openSession();
    await s.page.goto(s.url(ACTIVITIES));
    // An admin of the tenant: the draw is signed with the app back end's secret, which admins rotate.
    await signIn(s.page, 'nio-admin', PASSWORDS.demo);
    await s.page.waitForURL(s.url(ACTIVITIES));

    emptied = await batch(`E2E 停车券 ${suffix}`, 1);
    await post('/api/nio/coupons/send', {
      couponBatchId: emptied.couponBatchId,
      accountId: await liveAccount(100200),
      amount: 1,
    });
    spare = await batch(`E2E 备用停车券 ${suffix}`, 100);
    accountId = await liveAccount(100300);
    lottery = await post<Activity>('/api/nio/activities', {
      activityType: 'gift_bag_lottery_draw',
      activityName: `E2E 礼包抽奖 ${suffix}`,
      beginTime: Date.now() - HOUR,
      endTime: Date.now() + 24 * HOUR,
      activityRules: [{ ruleKey: 'individual_claim_frequency', ruleValue: 'once' }],
    });
  });
  afterAll(async () => s?.close());
  screenshotFailures(() => s);

  it('should start the lottery and set its claim type, an award and a gift bag on its page', async () => {
    await s.page.goto(s.url(`${ACTIVITIES}/detail?activityId=${lottery.activityId}`));
    const section = s.page.locator('.ant-card').filter({ hasText: '奖品与礼包' });
    await section.getByText('还没有礼包').waitFor();
    expect(await section.getByText('仅一次', { exact: true }).count()).toBe(1);

    await s.page.getByRole('button', { name: /启\s*动/ }).click();
    await openModal(s.page)
      .getByRole('button', { name: /启\s*动/ })
      .click();
    await s.page.getByText('进行中', { exact: true }).first().waitFor();

    expect(await section.getByRole('radio', { name: /随机/ }).isChecked()).toBe(true);
    await section.getByText('抽中礼包时发放礼包中的全部奖品').click();
    await openModal(s.page).locator('.ant-modal-confirm-title').getByText('将领取方式改为“固定”？').waitFor();
    await openModal(s.page)
      .getByRole('button', { name: /修\s*改/ })
      .click();
    await s.page.getByText('领取方式已改为“固定”').waitFor();
    await expect.poll(() => section.getByRole('radio', { name: /固定/ }).isChecked()).toBe(true);

    await section.getByRole('button', { name: /新建奖品/ }).click();
    const awardDialog = openModal(s.page);
    await pickBatch(s.page, awardDialog.getByLabel('优惠券批次'), emptied);
    await awardDialog.getByLabel('奖品名称').fill('停车券');
    await awardDialog.getByLabel('副标题').fill('限园区停车场');
    await awardDialog.getByLabel('库存').fill('10');
    await awardDialog.getByRole('button', { name: /^创\s*建$/ }).click();
    await s.page.getByText('已创建奖品 停车券').waitFor();
    await awardDialog.waitFor({ state: 'hidden' });
    const pooled = section.locator('.ant-table-row').filter({ hasText: '停车券' });
    await pooled.getByText(emptied.batchName, { exact: true }).waitFor();
    await section.getByText('未放入礼包的奖品（1）').waitFor();

    await section.getByRole('button', { name: /新建礼包/ }).click();
    const bagDialog = openModal(s.page);
    await bagDialog.getByLabel('礼包描述').fill('停车礼包');
    await bagDialog.getByLabel('抽奖名额').fill('5');
    await bagDialog.getByLabel('奖品').click();
    await option(s.page, `停车券（${emptied.batchName}）`).click();
    await bagDialog.getByRole('button', { name: /^创\s*建$/ }).click();
    await s.page.getByText(/^已创建礼包 \d+$/).waitFor();
    await bagDialog.waitFor({ state: 'hidden' });

    const bag = section.locator('[data-testid^="gift-bag-"]');
    await bag.getByText('停车礼包').waitFor();
    expect(await bag.getByText('名额 5', { exact: true }).count()).toBe(1);
    expect(await bag.getByText('剩余 5', { exact: true }).count()).toBe(1);
    const inBag = bag.locator('.ant-table-row').filter({ hasText: '停车券' });
    // The bag's one award is its last: it is deleted with the bag, not taken out of it.
    await inBag.getByText('最后一个', { exact: true }).waitFor();
    expect(await inBag.getByRole('button', { name: /移\s*出/ }).isDisabled()).toBe(true);
    await section.getByText('所有奖品都已放入礼包').waitFor();
    await s.snap('lottery-prizes-zh');
  });

  it("should take a user's draw from the app back end, its reward failed for the emptied batch", async () => {
    const rotated = await post<AppClientSecret>('/api/nio/app-clients/demo-nio-app/rotate-secret', {});
    const client = { clientId: rotated.client.clientId, secretCode: rotated.secretCode };
    const body = JSON.stringify({
      activityId: lottery.activityId,
      accountId,
      requestId: `e2e-lottery-${suffix}`,
    });
    const drawn = await fetch(s.url(DRAW_PATH), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...signedHeaders(client, { method: 'POST', path: DRAW_PATH, body }),
      },
      body,
    });
    expect(drawn.status, await drawn.clone().text()).toBe(200);
    const draw = (await drawn.json()) as LotteryDraw;
    expect(draw.drawState).toBe('win');
    expect(draw.rewards.map((r) => [r.awardTitle, r.rewardState, r.failReason])).toEqual([
      ['停车券', 2, 'coupon_batch_stock_not_enough'],
    ]);
  });

  it('should list the draw with its award and reissue its failed reward from another batch', async () => {
    await s.page.goto(s.url(`${DRAWS}?activityId=${lottery.activityId}`));
    const row = rows(s.page).filter({ hasText: accountId });
    await row.waitFor();
    expect(await rows(s.page).count()).toBe(1);
    expect(await row.getByText('中奖', { exact: true }).count()).toBe(1);
    expect(await row.getByText('停车券 ×1', { exact: true }).count()).toBe(1);
    expect(await row.getByText('失败', { exact: true }).count()).toBe(1);
    expect(await row.getByRole('link', { name: lottery.activityName }).count()).toBe(1);

    await row.getByRole('button', { name: '展开行' }).click();
    const reward = s.page.locator('.ant-table-expanded-row .ant-table-row').filter({ hasText: '停车券' });
    await reward.getByText('批次库存不足', { exact: true }).waitFor();
    await s.snap('lottery-draws-zh');

    await reward.getByRole('button', { name: /补\s*发/ }).click();
    const dialog = openModal(s.page);
    await dialog.getByText(`${emptied.batchName} (${emptied.couponBatchId})`).waitFor();
    expect(await dialog.getByLabel('奖励名称').inputValue()).toBe('停车券');
    // From the emptied batch again, the reissue is refused in the server's words and the form stays.
    await dialog.getByRole('button', { name: /补\s*发/ }).click();
    await dialog.getByText('批次库存不足').waitFor();

    await pickBatch(s.page, dialog.getByLabel('优惠券批次'), spare);
    await dialog.getByLabel('补发说明').fill('原批次已发完，改用备用批次');
    await dialog.getByRole('button', { name: /补\s*发/ }).click();
    await s.page.getByText(/^已补发记录 \d+ 的奖励$/).waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await row.getByText('补发成功', { exact: true }).waitFor();
    expect(await row.getByText('失败', { exact: true }).count()).toBe(0);
    await reward.getByText('原批次已发完，改用备用批次').waitFor();
    expect(await reward.getByRole('button', { name: /补\s*发/ }).count()).toBe(0);
    await s.snap('lottery-draws-reissued-zh');
  });
});
