import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CatalogueGroup } from '@cmp/domain/tags/tag-catalogue-editing';
import { changeLanguage } from '../../i18n';
import { findDialog } from '../../test/find-dialog';
import { fakeApi, ok, staffUser } from '../../test/fake-api';
import { renderPortal } from '../../test/render-portal';

const GROUPS = '/api/nio/tag-catalogue/groups';
const OPTIONS = {
  categories: [
    { code: 1, name: '资源信息' },
    { code: 2, name: '算法标签' },
  ],
  providers: [
    { code: 'algorithm', name: '算法' },
    { code: 'cmo', name: '运营' },
  ],
};

const recommendation = (overrides: Partial<CatalogueGroup> = {}): CatalogueGroup => ({
  tagCategoryCode: 1,
  tagCategoryName: '资源信息',
  tagProviderCode: 'cmo',
  bizCode: 'ChargeStation',
  tagGroupCode: 'resource_recommendation_info',
  tagGroupName: '推荐理由',
  tagType: 'select',
  unit: null,
  min: null,
  max: null,
  manualUpdateAllowed: true,
  enable: true,
  recommendationTag: true,
  recommendationText: '推荐理由',
  remark: null,
  relationGroupCode: null,
  description: null,
  tooltipText: '选择推荐这个场站的理由',
  createTime: Date.parse('2026-01-01T08:00:00+08:00'),
  tagList: [
    {
      tagCode: 'recommend_lounge',
      tagName: '有休息室',
      tagPriority: 1,
      description: null,
      createTime: 0,
      stationCount: 2,
    },
    {
      tagCode: 'recommend_food',
      tagName: '有餐饮',
      tagPriority: 2,
      description: null,
      createTime: 0,
      stationCount: 0,
    },
  ],
  ...overrides,
});

describe('ResourceTagsPage', () => {
  beforeAll(() => import('./ResourceTagsPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));

  it('should list groups with labels, filter by provider, and open the stations holding a tag', async () => {
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(staffUser([{ tenant: 'nio', role: 'viewer' }])),
      'GET /api/nio/tag-catalogue/options': () => ok(OPTIONS),
      [`GET ${GROUPS}`]: () => ok({ items: [recommendation()], total: 1 }),
      'GET /api/nio/tag-catalogue/tags/recommend_lounge/stations': () =>
        ok({
          items: [
            {
              resourceId: 'CS-1',
              resourceName: '上海虹桥站',
              resourceType: 'ChargeStation',
              tagValue: null,
              tagDegree: 1,
              expire: false,
              updateTime: 0,
            },
          ],
          total: 1,
        }),
    });
    renderPortal('/cmp-app/nio/resource-tags?tagProviderCode=cmo');
    const row = (await screen.findByText('resource_recommendation_info')).closest('tr') as HTMLElement;
    expect(within(row).getByText('资源信息')).toBeInTheDocument();
    expect(within(row).getByText('运营')).toBeInTheDocument();
    expect(within(row).getByText('选择标签')).toBeInTheDocument();
    expect(calls.find((c) => c.path === GROUPS)?.query.get('tagProviderCode')).toBe('cmo');
    // A viewer reads: no editing actions.
    expect(screen.queryByRole('button', { name: /新建标签组/ })).not.toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: /展开行|Expand row/ }));
    fireEvent.click(await screen.findByRole('button', { name: '2 个场站' }));
    const drawer = await findDialog('持有标签「有休息室」的场站');
    const link = await within(drawer).findByRole('link', { name: 'CS-1' });
    expect(link.getAttribute('href')).toContain('resourceId=CS-1');
    expect(within(drawer).getByText('运营设置')).toBeInTheDocument();
  });

  it('should edit a tooltip, and refuse to delete a tag stations hold saying how many', async () => {
    let group = recommendation();
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(staffUser([{ tenant: 'nio', role: 'admin' }])),
      'GET /api/nio/tag-catalogue/options': () => ok(OPTIONS),
      [`GET ${GROUPS}`]: () => ok({ items: [group], total: 1 }),
      [`PUT ${GROUPS}/resource_recommendation_info/tooltip`]: (request) => {
        group = { ...group, tooltipText: (request.body as { tooltipText: string }).tooltipText };
        return ok(group);
      },
    });
    renderPortal('/cmp-app/nio/resource-tags');
    const row = (await screen.findByText('resource_recommendation_info')).closest('tr') as HTMLElement;

    fireEvent.click(within(row).getByRole('button', { name: '提示说明' }));
    const modal = await findDialog('「推荐理由」的提示说明');
    fireEvent.change(within(modal).getByLabelText('提示说明'), { target: { value: '新的说明' } });
    fireEvent.click(within(modal).getByRole('button', { name: /保\s*存/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ tooltipText: '新的说明' }),
    );
    expect(await screen.findByText('新的说明')).toBeInTheDocument();

    fireEvent.click(within(row).getByRole('button', { name: /展开行|Expand row/ }));
    const tagRow = (await screen.findByText('recommend_lounge')).closest('tr') as HTMLElement;
    fireEvent.click(within(tagRow).getByRole('button', { name: '删除' }));
    expect(
      await screen.findByText('2 个场站持有该标签，不能删除。请先在这些场站上更换标签。'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });
});
