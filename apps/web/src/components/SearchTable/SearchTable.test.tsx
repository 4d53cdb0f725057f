import { useLayoutEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { z } from 'zod';
import type { Page } from '@cmp/domain/platform/paging';
import { ApiError } from '../../api/client';
import { renderWithProviders } from '../test-utils';
import {
  SearchTable,
  columnStateStorageKey,
  type SearchTableColumn,
  type SearchTableProps,
} from './SearchTable';
import type { SearchFilter, SearchTableParams } from './filters';

interface Station {
  id: number;
  name: string;
  city: string;
}

const rows: Station[] = [
  { id: 1, name: 'Hongqiao swap', city: 'Shanghai' },
  { id: 2, name: 'Pudong charge', city: 'Shanghai' },
];

const columns: SearchTableColumn<Station>[] = [
  { key: 'name', title: 'Name', sortable: true },
  { key: 'city', title: 'City' },
];

const STATUS: SearchFilter = {
  type: 'select',
  name: 'status',
  label: 'Status',
  options: [
    { label: 'Online', value: 1 },
    { label: 'Offline', value: 2 },
  ],
};
const KEYWORD: SearchFilter = {
  type: 'inputSelect',
  name: 'searchInput',
  selectName: 'searchInputSelect',
  label: 'Keyword',
  options: [
    { label: 'Station name', value: 'stationName' },
    { label: 'Station id', value: 'stationId' },
  ],
};
const UPDATED: SearchFilter = { type: 'datetimeRange', name: 'updateTime', label: 'Updated' };
const REGION: SearchFilter = {
  type: 'cascade',
  name: 'region',
  label: 'Region',
  options: [{ value: '310000', label: 'Shanghai', children: [{ value: '310100', label: 'Shanghai City' }] }],
  transform: (path) => ({ cityCode: path[1] }),
};
const moreFilters: SearchFilter[] = ['operator', 'owner', 'tag', 'brand'].map((name) => ({
  type: 'input',
  name,
  label: name,
}));

type Request = (params: SearchTableParams) => Promise<Page<Station>>;

function renderTable(
  props: Partial<SearchTableProps<Station>> & { request?: Request } = {},
  route = '/stations',
) {
  const request = vi.fn<Request>(props.request ?? (async () => ({ items: rows, total: 2 })));
  const utils = renderWithProviders(
    <SearchTable<Station>
      persistKey="stations"
      tenant="nio"
      rowKey="id"
      columns={columns}
      filters={[STATUS, KEYWORD, UPDATED, REGION, ...moreFilters]}
      {...props}
      request={request}
    />,
    { route },
  );
  return { ...utils, request };
}

const lastParams = (request: ReturnType<typeof renderTable>['request']) => request.mock.lastCall?.[0];
const searchButton = () => screen.getByRole('button', { name: /查询/ });

describe('SearchTable', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.useRealTimers());

  it('should show only the first 5 filters until the form is expanded', async () => {
    const { user } = renderTable();
    await screen.findByText('Hongqiao swap');

    for (const label of ['Keyword', 'operator']) {
      expect(screen.getByRole('textbox', { name: label })).toBeInTheDocument();
    }
    expect(screen.queryByRole('textbox', { name: 'owner' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'brand' })).not.toBeInTheDocument();

    await user.click(screen.getByText('展开'));
    expect(screen.getByRole('textbox', { name: 'owner' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'brand' })).toBeInTheDocument();

    await user.click(screen.getByText('收起'));
    expect(screen.queryByRole('textbox', { name: 'brand' })).not.toBeInTheDocument();
  });

  it('should open the form when the address sets a filter it hides while collapsed, showing its value', async () => {
    const { request } = renderTable({}, '/stations?brand=NIO');
    await screen.findByText('Hongqiao swap');
    expect(screen.getByRole('textbox', { name: 'brand' })).toHaveValue('NIO');
    expect(screen.getByText('收起')).toBeInTheDocument();
    expect(lastParams(request)).toMatchObject({ brand: 'NIO' });
  });

  it('should show 全部 as the placeholder of select filters', async () => {
    renderTable();
    await screen.findByText('Hongqiao swap');
    const statusItem = screen.getByText('Status').closest('.ant-form-item');
    expect(within(statusItem as HTMLElement).getByText('全部')).toBeInTheDocument();
  });

  it("should narrow a select filter's options by what the user types", async () => {
    const { user } = renderTable();
    await screen.findByText('Hongqiao swap');
    const status = screen.getByRole('combobox', { name: 'Status' });
    await user.click(status);
    await user.type(status, 'off');
    await waitFor(() =>
      expect(
        [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')].map(
          (o) => o.textContent,
        ),
      ).toEqual(['Offline']),
    );
  });

  it('should read filters, page and page size back from the URL on load', async () => {
    const { request } = renderTable(
      { request: async () => ({ items: rows, total: 500 }) },
      '/stations?status=2&searchInputSelect=stationId&searchInput=S-42&region=310000&region=310100&pageNo=3&pageSize=50',
    );
    await screen.findByText('Hongqiao swap');

    expect(lastParams(request)).toEqual({
      pageNo: 3,
      pageSize: 50,
      status: 2,
      searchInputSelect: 'stationId',
      searchInput: 'S-42',
      cityCode: '310100',
    });
    expect(screen.getByRole('textbox', { name: 'Keyword' })).toHaveValue('S-42');
    expect(screen.getByText('Offline')).toBeInTheDocument();
    expect(screen.getByText('Station id')).toBeInTheDocument();
    expect(screen.getByTitle('3')).toHaveClass('ant-pagination-item-active');
  });

  it('should write the filters to the URL on search and go back to the first page', async () => {
    const { user, request, location } = renderTable(
      { request: async () => ({ items: rows, total: 100 }) },
      '/stations?pageNo=4',
    );
    await screen.findByText('Hongqiao swap');

    fireEvent.change(screen.getByRole('textbox', { name: 'operator' }), { target: { value: ' Acme ' } });
    await user.click(searchButton());

    await waitFor(() => expect(lastParams(request)).toEqual({ pageNo: 1, pageSize: 20, operator: 'Acme' }));
    expect(new URLSearchParams(location.search).get('operator')).toBe('Acme');
    expect(new URLSearchParams(location.search).has('pageNo')).toBe(false);
  });

  it('should send the text field with the chosen search field', async () => {
    const { user, request, location } = renderTable();
    await screen.findByText('Hongqiao swap');

    fireEvent.change(screen.getByRole('textbox', { name: 'Keyword' }), { target: { value: 'Hongqiao' } });
    await user.click(searchButton());

    await waitFor(() =>
      expect(lastParams(request)).toMatchObject({
        searchInputSelect: 'stationName',
        searchInput: 'Hongqiao',
      }),
    );
    expect(location.search).toContain('searchInputSelect=stationName');
  });

  it('should clear the filters from the URL on reset', async () => {
    const { user, request, location } = renderTable({}, '/stations?operator=Acme&pageSize=30');
    await screen.findByText('Hongqiao swap');
    expect(screen.getByRole('textbox', { name: 'operator' })).toHaveValue('Acme');

    await user.click(screen.getByRole('button', { name: /重置/ }));

    await waitFor(() => expect(lastParams(request)).toEqual({ pageNo: 1, pageSize: 30 }));
    expect(location.search).toBe('?pageSize=30');
    expect(screen.getByRole('textbox', { name: 'operator' })).toHaveValue('');
  });

  it.each([
    [7, '近7天'],
    [30, '近30天'],
    [90, '近90天'],
  ])(
    'should send the last %i days from 00:00:00.000 of the first day to 23:59:59.999 of today',
    async (days, pick) => {
      const { user, request, location } = renderTable();
      await screen.findByText('Hongqiao swap');

      await user.click(screen.getByPlaceholderText('开始时间'));
      await user.click(await screen.findByText(pick));
      await user.click(searchButton());

      await waitFor(() => expect(lastParams(request)).toHaveProperty('updateTimeEnd'));
      const params = lastParams(request);
      const start = dayjs(params?.updateTimeStart as number);
      const end = dayjs(params?.updateTimeEnd as number);
      expect(start.format('HH:mm:ss.SSS')).toBe('00:00:00.000');
      expect(end.format('HH:mm:ss.SSS')).toBe('23:59:59.999');
      expect(end.format('YYYY-MM-DD')).toBe(dayjs().format('YYYY-MM-DD'));
      expect(end.startOf('day').diff(start, 'day')).toBe(days - 1);
      expect(new URLSearchParams(location.search).get('updateTimeEnd')).toBe(String(end.valueOf()));
    },
  );

  it('should pick a single date at 00:00:00, or at 23:59:59 where the filter ends a period', async () => {
    const { user, request } = renderTable({
      filters: [
        { type: 'datetime', name: 'from', label: 'From' },
        { type: 'datetime', name: 'until', label: 'Until', endOfDay: true },
      ],
    });
    await screen.findByText('Hongqiao swap');
    const today = dayjs().format('YYYY-MM-DD');

    for (const label of ['From', 'Until']) {
      await user.click(screen.getByRole('textbox', { name: label }));
      // Each picker opens its own popup; the newest is the one just opened.
      const panel = [...document.querySelectorAll<HTMLElement>('.ant-picker-dropdown')].at(-1) as HTMLElement;
      await user.click(within(panel).getByTitle(today));
      await user.click(within(panel).getByRole('button', { name: /确定/ }));
    }
    await user.click(searchButton());

    await waitFor(() => expect(lastParams(request)).toHaveProperty('until'));
    expect(dayjs(lastParams(request)?.from as number).format('YYYY-MM-DD HH:mm:ss')).toBe(
      `${today} 00:00:00`,
    );
    expect(dayjs(lastParams(request)?.until as number).format('YYYY-MM-DD HH:mm:ss')).toBe(
      `${today} 23:59:59`,
    );
  });

  it('should offer exactly the page sizes 10, 20, 30, 40 and 50, 20 by default', async () => {
    const { user, request, location } = renderTable({
      request: async () => ({ items: rows, total: 500 }),
    });
    await screen.findByText('Hongqiao swap');
    expect(lastParams(request)).toMatchObject({ pageSize: 20 });

    await user.click(screen.getByRole('combobox', { name: /页码|Page Size/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      '10 条/页',
      '20 条/页',
      '30 条/页',
      '40 条/页',
      '50 条/页',
    ]);

    await user.click(screen.getByTitle('40 条/页'));
    await waitFor(() => expect(lastParams(request)).toMatchObject({ pageNo: 1, pageSize: 40 }));
    expect(location.search).toBe('?pageSize=40');
  });

  it('should move to another page through the URL', async () => {
    const { user, request, location } = renderTable({ request: async () => ({ items: rows, total: 100 }) });
    await screen.findByText('Hongqiao swap');

    await user.click(screen.getByTitle('2'));

    await waitFor(() => expect(lastParams(request)).toMatchObject({ pageNo: 2, pageSize: 20 }));
    expect(location.search).toBe('?pageNo=2');
  });

  it('should move a page past the end to the last page, keeping the filters', async () => {
    // 3,300 rows of 20 make 165 pages: page 999 answers no rows but the total.
    const { request, location } = renderTable(
      {
        request: async (params) => ({
          items: params.pageNo <= 165 ? rows : [],
          total: 3300,
        }),
      },
      '/stations?status=2&pageNo=999',
    );

    await waitFor(() => expect(lastParams(request)).toMatchObject({ pageNo: 165, status: 2 }));
    expect(await screen.findByText('Hongqiao swap')).toBeInTheDocument();
    expect(location.search).toBe('?status=2&pageNo=165');
    expect(screen.getByTitle('165')).toHaveClass('ant-pagination-item-active');
  });

  it('should open an empty list on its first page, whatever page the URL names', async () => {
    const { request, location } = renderTable(
      { request: async () => ({ items: [], total: 0 }) },
      '/stations?pageNo=3',
    );
    await waitFor(() => expect(location.search).toBe(''));
    // The page-1 request follows the URL change on a later render, so it is awaited too.
    await waitFor(() => expect(lastParams(request)).toMatchObject({ pageNo: 1 }));
    await waitFor(() =>
      expect(document.querySelector('.ant-table-placeholder .ant-empty-description')).toHaveTextContent(
        '暂无数据',
      ),
    );
  });

  it('should start dense and keep the density the user picks per screen', async () => {
    const { user, container, unmount } = renderTable();
    await screen.findByText('Hongqiao swap');
    expect(container.querySelector('.ant-table')).toHaveClass('ant-table-medium');

    await user.click(screen.getByRole('img', { name: 'column-height' }));
    await user.click(await screen.findByText('紧凑'));
    await waitFor(() => expect(container.querySelector('.ant-table')).toHaveClass('ant-table-small'));
    unmount();

    const again = renderTable();
    await screen.findByText('Hongqiao swap');
    expect(again.container.querySelector('.ant-table')).toHaveClass('ant-table-small');
  });

  it('should cut a long cell to one line and scroll sideways by the widths of the shown columns', async () => {
    const long = 'A very long station name that cannot fit into a narrow column of the table';
    const { container } = renderTable({
      columns: [
        { key: 'name', title: 'Name', width: 120, ellipsis: true, fixed: 'left' },
        { key: 'city', title: 'City', width: 300 },
      ],
      request: async () => ({ items: [{ id: 1, name: long, city: 'Shanghai' }], total: 1 }),
    });
    const cell = await screen.findByText(long);
    expect(cell).toHaveStyle({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
    expect(cell.closest('td')).toHaveClass('ant-table-cell-fix-start');
    expect(container.querySelector('.ant-table-content table, .ant-table-body table')).toHaveStyle({
      width: '420px',
    });
  });

  it('should show a cut cell whole in a tooltip under the pointer, and a cell that fits without one', async () => {
    const long = 'A very long station name that cannot fit into a narrow column of the table';
    const { user } = renderTable({
      columns: [{ key: 'name', title: 'Name', width: 120, ellipsis: true }],
      request: async () => ({
        items: [
          { id: 1, name: long, city: 'Shanghai' },
          { id: 2, name: 'Short', city: 'Shanghai' },
        ],
        total: 2,
      }),
    });
    const cut = await screen.findByText(long);
    // jsdom lays nothing out: the cut cell is told it is wider than its column.
    Object.defineProperty(cut, 'scrollWidth', { value: 400 });
    Object.defineProperty(cut, 'clientWidth', { value: 120 });

    await user.hover(screen.getByText('Short'));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.hover(cut);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(long);
  });

  it('should sort on the server by the clicked column', async () => {
    const { user, request, location } = renderTable();
    await screen.findByText('Hongqiao swap');

    await user.click(screen.getByRole('columnheader', { name: /Name/ }));

    await waitFor(() => expect(lastParams(request)).toMatchObject({ sort: 'name:asc' }));
    expect(location.search).toBe('?sort=name%3Aasc');
  });

  it('should persist a hidden column per tenant and screen and restore it', async () => {
    const { user, unmount } = renderTable();
    await screen.findByText('Hongqiao swap');
    expect(screen.getByRole('columnheader', { name: 'City' })).toBeInTheDocument();

    await user.click(screen.getByRole('img', { name: 'setting' }));
    const popover = await screen.findByRole('tree');
    const cityNode = within(popover).getByText('City').closest('.ant-tree-treenode') as HTMLElement;
    await user.click(cityNode.querySelector('.ant-tree-checkbox') as HTMLElement);

    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'City' })).not.toBeInTheDocument());
    const saved = JSON.parse(localStorage.getItem(columnStateStorageKey('nio', 'stations')) ?? '{}');
    expect(saved.city).toMatchObject({ show: false });
    unmount();

    renderTable();
    await screen.findByText('Hongqiao swap');
    expect(screen.queryByRole('columnheader', { name: 'City' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Name/ })).toBeInTheDocument();
  });

  it('should restore a saved column order, as the settings panel drags it', async () => {
    localStorage.setItem(
      columnStateStorageKey('nio', 'stations'),
      JSON.stringify({ name: { show: true, order: 1 }, city: { show: true, order: 0 } }),
    );
    renderTable();
    await screen.findByText('Hongqiao swap');

    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers.indexOf('City')).toBeLessThan(headers.indexOf('Name'));
  });

  it('should send the region picked in the cascade as the screen maps it', async () => {
    const { user, request, location } = renderTable();
    await screen.findByText('Hongqiao swap');

    await user.click(screen.getByRole('combobox', { name: 'Region' }));
    await user.click(await screen.findByTitle('Shanghai'));
    await user.click(await screen.findByTitle('Shanghai City'));
    await user.click(searchButton());

    await waitFor(() => expect(lastParams(request)).toMatchObject({ cityCode: '310100' }));
    expect(location.search).toBe('?region=310000&region=310100');
  });

  it('should keep column layouts of different tenants apart', async () => {
    localStorage.setItem(columnStateStorageKey('pe', 'stations'), JSON.stringify({ city: { show: false } }));
    renderTable();
    await screen.findByText('Hongqiao swap');
    expect(screen.getByRole('columnheader', { name: 'City' })).toBeInTheDocument();
  });

  it('should ask for the first rows while the page first renders, before it is committed', async () => {
    let committed = false;
    const askedBeforeCommit: boolean[] = [];
    // Layout effects run in the order of the tree: this one, after the table, marks the page committed.
    function Committed() {
      useLayoutEffect(() => {
        committed = true;
      }, []);
      return null;
    }
    renderWithProviders(
      <>
        <SearchTable<Station>
          persistKey="stations"
          tenant="nio"
          rowKey="id"
          columns={columns}
          filters={[STATUS]}
          request={async () => {
            askedBeforeCommit.push(!committed);
            return { items: rows, total: 2 };
          }}
        />
        <Committed />
      </>,
      { route: '/stations' },
    );

    expect(await screen.findByText('Hongqiao swap')).toBeInTheDocument();
    expect(askedBeforeCommit).toEqual([true]);
  });

  it('should show an empty state when nothing matches', async () => {
    const { request } = renderTable({ request: async () => ({ items: [], total: 0 }) });
    await waitFor(() => expect(request).toHaveBeenCalled());
    await waitFor(() =>
      expect(document.querySelector('.ant-table-placeholder .ant-empty-description')).toHaveTextContent(
        '暂无数据',
      ),
    );
  });

  it('should draw the table with its first rows when they come quickly, not empty first', async () => {
    let resolve: (page: Page<Station>) => void = () => {};
    const { request } = renderTable({ request: () => new Promise((r) => (resolve = r)) });
    await waitFor(() => expect(request).toHaveBeenCalled());
    expect(document.querySelector('[aria-busy="true"] .ant-skeleton')).not.toBeNull();
    expect(document.querySelector('.ant-table')).toBeNull();
    resolve({ items: rows, total: 2 });
    await screen.findByText('Hongqiao swap');
    expect(document.querySelector('.ant-skeleton')).toBeNull();
    expect(document.querySelector('.ant-table .ant-spin-spinning')).toBeNull();
  });

  it('should show the table loading while a slow first request runs, then its rows', async () => {
    let resolve: (page: Page<Station>) => void = () => {};
    renderTable({ request: () => new Promise((r) => (resolve = r)) });
    await waitFor(() => expect(document.querySelector('.ant-table')).not.toBeNull());
    expect(document.querySelector('.ant-spin-spinning')).not.toBeNull();
    expect(document.querySelector('.ant-skeleton')).toBeNull();
    resolve({ items: rows, total: 2 });
    await screen.findByText('Hongqiao swap');
    expect(document.querySelector('.ant-table .ant-spin-spinning')).toBeNull();
  });

  it('should show the error and load again on retry', async () => {
    let fail = true;
    const { user } = renderTable({
      request: async () => {
        if (fail) throw new Error('service unavailable');
        return { items: rows, total: 2 };
      },
    });
    expect(await screen.findByText('数据加载失败')).toBeInTheDocument();
    expect(screen.getByText('service unavailable')).toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: /重试/ }));
    expect(await screen.findByText('Hongqiao swap')).toBeInTheDocument();
  });

  it("should refuse search text longer than the list's query takes, beside the field, without asking", async () => {
    const querySchema = z.object({
      stationName: z.string().max(32).optional(),
      operator: z.string().max(64),
    });
    const { user, request, location } = renderTable({ querySchema });
    await screen.findByText('Hongqiao swap');
    const sent = request.mock.calls.length;

    fireEvent.change(screen.getByRole('textbox', { name: 'Keyword' }), { target: { value: 'x'.repeat(33) } });
    fireEvent.change(screen.getByRole('textbox', { name: 'operator' }), {
      target: { value: 'y'.repeat(300) },
    });
    await user.click(searchButton());

    expect(await screen.findByText('输入长度不能超过32个字符')).toBeInTheDocument();
    expect(await screen.findByText('输入长度不能超过64个字符')).toBeInTheDocument();
    expect(request.mock.calls.length).toBe(sent);
    expect(location.search).not.toContain('operator');
    expect(screen.getByText('Hongqiao swap')).toBeInTheDocument();
  });

  it('should take at most 255 characters in a text filter whose list names no limit', async () => {
    const { user, request } = renderTable();
    await screen.findByText('Hongqiao swap');
    const sent = request.mock.calls.length;
    fireEvent.change(screen.getByRole('textbox', { name: 'operator' }), {
      target: { value: 'y'.repeat(256) },
    });
    await user.click(searchButton());
    expect(await screen.findByText('输入长度不能超过255个字符')).toBeInTheDocument();
    expect(request.mock.calls.length).toBe(sent);
  });

  it("should show the server's refusal of a filter beside it, not as a failure to load", async () => {
    const { user } = renderTable(
      {
        request: async (params) => {
          if (typeof params.searchInput === 'string')
            throw new ApiError(400, 'validation_failed', 'Invalid', [
              {
                path: 'querystring.stationName',
                message: 'Enter at most 128 characters',
                key: 'form.maxLength',
                params: { max: 128 },
              },
            ]);
          return { items: rows, total: 2 };
        },
      },
      '/stations?searchInputSelect=stationName&searchInput=abc',
    );
    expect(await screen.findByText('输入长度不能超过128个字符')).toBeInTheDocument();
    expect(screen.getByText('查询条件有误，请按提示修改后再查询')).toBeInTheDocument();
    expect(screen.queryByText('数据加载失败')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /重试/ })).not.toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'Keyword' }));
    await user.click(searchButton());
    expect(await screen.findByText('Hongqiao swap')).toBeInTheDocument();
  });

  it('should select one row with radios in single mode', async () => {
    const onSelectionChange = vi.fn();
    const { user } = renderTable({ rowSelection: 'single', onSelectionChange });
    await screen.findByText('Hongqiao swap');

    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(2);
    await user.click(radios[1] as HTMLElement);
    expect(onSelectionChange).toHaveBeenLastCalledWith([2], [rows[1]], expect.anything());
  });

  it('should select several rows with checkboxes in multiple mode', async () => {
    const onSelectionChange = vi.fn();
    const { user } = renderTable({ rowSelection: 'multiple', onSelectionChange });
    await screen.findByText('Hongqiao swap');

    // The sticky header (with the select-all box) is a table of its own; the rows are in the body's.
    const table = screen.getAllByRole('table').at(-1) as HTMLElement;
    const boxes = within(table).getAllByRole('checkbox');
    await user.click(boxes[0] as HTMLElement);
    await user.click(boxes[1] as HTMLElement);
    expect(onSelectionChange).toHaveBeenLastCalledWith([1, 2], rows, expect.anything());
  });

  it("should offer the screen's actions on the selected rows, and clear the selection when told", async () => {
    const acted = vi.fn();
    const { user } = renderTable({
      rowSelection: 'multiple',
      selectionActions: ({ keys, rows: chosen, clear }) => (
        <button
          type="button"
          onClick={() => (
            acted(
              keys,
              chosen.map((r) => r.name),
            ),
            clear()
          )}
        >
          Pin
        </button>
      ),
    });
    await screen.findByText('Hongqiao swap');
    expect(screen.queryByRole('button', { name: 'Pin' })).not.toBeInTheDocument();

    const table = screen.getAllByRole('table').at(-1) as HTMLElement;
    await user.click(within(table).getAllByRole('checkbox')[1] as HTMLElement);
    await user.click(await screen.findByRole('button', { name: 'Pin' }));
    expect(acted).toHaveBeenCalledWith([2], ['Pudong charge']);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Pin' })).not.toBeInTheDocument());
    expect(
      within(table)
        .getAllByRole('checkbox')
        .some((box) => (box as HTMLInputElement).checked),
    ).toBe(false);
  });

  it('should expand a row to show its details', async () => {
    const { user } = renderTable({ expandable: { render: (row) => `Details of ${row.name}` } });
    await screen.findByText('Hongqiao swap');
    expect(screen.queryByText('Details of Pudong charge')).not.toBeInTheDocument();

    const expanders = screen.getAllByRole('button', { name: /展开行|Expand row/ });
    await user.click(expanders[1] as HTMLElement);
    expect(screen.getByText('Details of Pudong charge')).toBeInTheDocument();
  });

  it('should start with columns marked hidden by default', async () => {
    renderTable({ columns: [...columns, { key: 'owner', title: 'Owner', hiddenByDefault: true }] });
    await screen.findByText('Hongqiao swap');
    expect(screen.queryByRole('columnheader', { name: 'Owner' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'City' })).toBeInTheDocument();
  });
});
