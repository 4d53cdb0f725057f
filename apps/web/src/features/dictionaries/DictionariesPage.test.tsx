import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DictEntry, DictType } from '@cmp/domain/stations/dictionaries';
import { changeLanguage } from '../../i18n';
import { findDialog } from '../../test/find-dialog';
import { fail, fakeApi, ok, staffUser } from '../../test/fake-api';
import { renderPortal } from '../../test/render-portal';

const admin = staffUser([{ tenant: 'nio', role: 'admin' }]);
const operator = staffUser([{ tenant: 'nio', role: 'operator' }]);

const TYPES: DictType[] = [
  {
    dictTypeId: 2,
    code: 'park_fee_tag',
    name: '停车费标签',
    description: null,
    entryCount: 1,
    enabledCount: 1,
  },
  {
    dictTypeId: 1,
    code: 'resource_biz_scenes',
    name: '资源业务场景',
    description: null,
    entryCount: 2,
    enabledCount: 2,
  },
];

const entry = (
  dictId: number,
  code: string,
  name: string,
  overrides: Partial<DictEntry> = {},
): DictEntry => ({
  dictId,
  dictTypeId: 1,
  code,
  name,
  nameEn: null,
  status: 1,
  sort: dictId,
  description: null,
  ...overrides,
});

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('DictionariesPage', () => {
  beforeAll(() => import('./DictionariesPage'), 60_000);
  beforeEach(() => changeLanguage('zh-CN'));

  const serve = (user = admin, scenes = [entry(1, '1', '公交场站'), entry(2, '5', '高速服务区')]) => {
    let stored = scenes;
    const calls = fakeApi({
      'GET /api/auth/me': () => ok(user),
      'GET /api/nio/dictionary-types': () => ok({ items: TYPES }),
      'GET /api/nio/dictionaries': (request) =>
        ok({
          items:
            request.query.get('dictTypeCode') === 'resource_biz_scenes'
              ? stored
              : [entry(9, 'free', '免费停车', { dictTypeId: 2 })],
        }),
      'PUT /api/nio/dictionary-entries/1': (request) => {
        stored = stored.map((e) => (e.dictId === 1 ? { ...e, ...(request.body as object) } : e));
        return ok(stored[0]);
      },
      'PUT /api/nio/dictionary-entries/2': (request) => {
        stored = stored.map((e) => (e.dictId === 2 ? { ...e, ...(request.body as object) } : e));
        return ok(stored[1]);
      },
      'POST /api/nio/dictionary-types/resource_biz_scenes/entries': () =>
        fail(409, 'conflict', '该字典已有编码为 5 的条目', {
          key: 'dictionary.codeTaken',
          params: { code: '5' },
        }),
    });
    return calls;
  };

  it('should list the types and entries, with the default English label where none was given', async () => {
    serve();
    renderPortal('/cmp-app/nio/dictionaries?type=resource_biz_scenes');

    expect(await screen.findByText('公交场站')).toBeInTheDocument();
    expect(screen.getByText('2/2 项启用')).toBeInTheDocument();
    expect(within(rowOf('公交场站')).getByText('Bus depot')).toBeInTheDocument();
    expect(within(rowOf('公交场站')).getByText('系统默认')).toBeInTheDocument();

    fireEvent.click(screen.getByText('停车费标签'));
    expect(await screen.findByText('免费停车')).toBeInTheDocument();
  });

  it('should edit both labels, checking the fields first, and show the saved entry', async () => {
    const calls = serve();
    renderPortal('/cmp-app/nio/dictionaries?type=resource_biz_scenes');
    await screen.findByText('公交场站');

    fireEvent.click(within(rowOf('公交场站')).getByRole('button', { name: /编\s*辑/ }));
    const form = await findDialog('编辑条目 1');
    expect(within(form).getByLabelText('编码')).toBeDisabled();
    fireEvent.change(within(form).getByLabelText('中文名称'), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText('英文名称'), { target: { value: 'x'.repeat(65) } });
    fireEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));
    expect(await within(form).findByText('输入不能为空')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(within(form).getByLabelText('中文名称'), { target: { value: '公交枢纽' } });
    fireEvent.change(within(form).getByLabelText('英文名称'), { target: { value: 'Bus hub' } });
    fireEvent.click(within(form).getByRole('button', { name: /保\s*存/ }));

    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        name: '公交枢纽',
        nameEn: 'Bus hub',
        sort: 1,
        status: 1,
      }),
    );
    expect(await screen.findByText('已保存条目「公交枢纽」')).toBeInTheDocument();
    expect(await screen.findByText('Bus hub')).toBeInTheDocument();
  });

  it('should disable an entry only after confirmation, and show a refused new code with the server message', async () => {
    const calls = serve();
    renderPortal('/cmp-app/nio/dictionaries?type=resource_biz_scenes');
    await screen.findByText('高速服务区');

    fireEvent.click(within(rowOf('高速服务区')).getByRole('button', { name: /停\s*用/ }));
    const question = await findDialog('确定停用「高速服务区」？');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(within(question).getByRole('button', { name: /停\s*用/ }));
    expect(await screen.findByText('已停用「高速服务区」')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ status: 0 });

    fireEvent.click(screen.getByRole('button', { name: /新增条目/ }));
    const form = await findDialog('新增「资源业务场景」条目');
    fireEvent.change(within(form).getByLabelText('编码'), { target: { value: '5' } });
    fireEvent.change(within(form).getByLabelText('中文名称'), { target: { value: '服务区' } });
    fireEvent.click(within(form).getByRole('button', { name: /创\s*建/ }));
    expect(await within(form).findByText(/该字典已有编码为 5 的条目/)).toBeInTheDocument();
  });

  it('should let an operator read without offering any change', async () => {
    serve(operator);
    renderPortal('/cmp-app/nio/dictionaries?type=resource_biz_scenes');
    expect(await screen.findByText('公交场站')).toBeInTheDocument();
    expect(screen.getByText('只有管理员可以修改字典。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /新增条目/ })).toBeNull();
  });
});
