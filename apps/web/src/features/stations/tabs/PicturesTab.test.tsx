import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Picture } from '@cmp/domain/stations/pictures';
import { changeLanguage } from '../../../i18n';
import { fakeApi, noContent, ok } from '../../../test/fake-api';
import { PicturesTab } from './PicturesTab';
import { renderTab } from './render-tab';

const picture = (pictureId: number, overrides: Partial<Picture> = {}): Picture => ({
  pictureId,
  pictureSourceId: 2,
  pictureSceneId: 1,
  resourceId: 'CS-1',
  deleted: false,
  appVisible: true,
  createTime: Date.parse('2026-03-01T10:00:00+08:00'),
  updateTime: Date.parse('2026-03-01T10:00:00+08:00'),
  smallUrl: `/files/${pictureId}-small.webp`,
  middleUrl: `/files/${pictureId}-middle.webp`,
  largeUrl: `/files/${pictureId}-large.webp`,
  oriUrl: `/files/${pictureId}.jpg`,
  operationExtData: null,
  ...overrides,
});

const PATH = '/api/nio/stations/pictures';
const listOf = (items: Picture[]) => ok({ items, total: items.length });

describe('PicturesTab', () => {
  beforeEach(() => changeLanguage('zh-CN'));

  it('should show live pictures as small renditions with their scene and source', async () => {
    const calls = fakeApi({
      [`GET ${PATH}`]: () => listOf([picture(11), picture(12, { pictureSceneId: 3 })]),
    });
    renderTab(<PicturesTab resourceId="CS-1" />);
    const card = await screen.findByTestId('picture-11');
    expect(card.querySelector('img')).toHaveAttribute('src', '/files/11-small.webp');
    expect(within(card).getByText('入口')).toBeInTheDocument();
    expect(within(card).getByText('运营人员')).toBeInTheDocument();
    expect(within(screen.getByTestId('picture-12')).getByText('充电桩')).toBeInTheDocument();
    expect(screen.getByText('共 2 张')).toBeInTheDocument();
    expect(Object.fromEntries(calls[0]?.query ?? [])).toEqual({
      resourceId: 'CS-1',
      deleted: 'false',
      pageNo: '1',
      pageSize: '20',
    });
  });

  it('should hide a picture in the app and delete one only after confirming', async () => {
    let pictures = [picture(11), picture(12)];
    const calls = fakeApi({
      [`GET ${PATH}`]: () => listOf(pictures),
      [`PUT ${PATH}/11`]: ({ body }) => {
        pictures = pictures.map((p) => (p.pictureId === 11 ? { ...p, ...(body as object) } : p));
        return ok(pictures[0]);
      },
      [`DELETE ${PATH}/12`]: () => {
        pictures = pictures.filter((p) => p.pictureId !== 12);
        return noContent();
      },
    });
    const { user } = renderTab(<PicturesTab resourceId="CS-1" />);
    const first = await screen.findByTestId('picture-11');
    await user.click(within(first).getByRole('switch'));
    expect(await screen.findByText('已设为 App 不可见')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ appVisible: false });
    await waitFor(() =>
      expect(within(screen.getByTestId('picture-11')).getByText('App 不可见')).toBeVisible(),
    );

    await user.click(within(screen.getByTestId('picture-12')).getByLabelText('删除'));
    const question = await screen.findByText('确定删除这张图片吗？');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(question.closest('.ant-popconfirm') as HTMLElement).getByText('确定'));
    expect(await screen.findByText('图片已删除')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('picture-12')).toBeNull());
  });

  it('should upload a file with the chosen source, scene and visibility', async () => {
    let pictures: Picture[] = [];
    const calls = fakeApi({
      [`GET ${PATH}`]: () => listOf(pictures),
      [`POST ${PATH}`]: () => {
        pictures = [picture(20, { pictureSceneId: 99 })];
        return ok(pictures[0], 201);
      },
    });
    const { user } = renderTab(<PicturesTab resourceId="CS-1" />);
    await screen.findByText('没有符合条件的图片');
    await user.click(screen.getByText('上传图片', { selector: 'button span' }));
    const modal = screen
      .getByText('上传图片', { selector: '.ant-modal-title' })
      .closest('.ant-modal') as HTMLElement;
    await user.click(within(modal).getByLabelText('上传后在 App 中展示'));
    const input = modal.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['png'], 'gate.png', { type: 'image/png' }));

    expect(await screen.findByText('图片已上传')).toBeInTheDocument();
    const body = calls.find((c) => c.method === 'POST')?.body as FormData;
    expect(
      Object.fromEntries(
        ['resourceId', 'pictureSourceId', 'pictureSceneId', 'appVisible'].map((k) => [k, body.get(k)]),
      ),
    ).toEqual({
      resourceId: 'CS-1',
      pictureSourceId: '2',
      pictureSceneId: '99',
      appVisible: 'false',
    });
    expect((body.get('file') as File).name).toBe('gate.png');
    expect(await screen.findByTestId('picture-20')).toBeInTheDocument();
  });
});
