import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadAllResources } from '../../../i18n/resources';
import { FeePeriodsEditor, type FeePeriodRow } from './FeePeriodsEditor';

const resources = await loadAllResources();

function renderEditor(initial: FeePeriodRow[], { disabled = false, locale = 'zh-CN' } = {}) {
  const i18n = createInstance({
    lng: locale,
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  void i18n.init();
  const changes: FeePeriodRow[][] = [];
  function Host() {
    const [value, setValue] = useState(initial);
    return (
      <FeePeriodsEditor
        label="电费"
        value={value}
        disabled={disabled}
        onChange={(next) => {
          changes.push(next);
          setValue(next);
        }}
      />
    );
  }
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={i18n}>
      <Host />
    </I18nextProvider>,
  );
  return { user, changes };
}

describe('FeePeriodsEditor', () => {
  it('should show each price with two decimals', () => {
    renderEditor([
      { start: '00:00', end: '08:00', fee: 0.5 },
      { start: '08:00', end: '24:00', fee: 1.234 },
    ]);
    expect(screen.getByLabelText('电费 1 价格')).toHaveValue('0.50');
    expect(screen.getByLabelText('电费 2 价格')).toHaveValue('1.23');
  });

  it('should add a period from where the last one ends until midnight', async () => {
    const { user, changes } = renderEditor([{ start: '00:00', end: '08:00', fee: 0.5 }]);
    await user.click(screen.getByRole('button', { name: '电费 添加时段' }));
    expect(changes.at(-1)).toEqual([
      { start: '00:00', end: '08:00', fee: 0.5 },
      { start: '08:00', end: '24:00', fee: 0 },
    ]);
    expect(screen.getByLabelText('电费 2 开始')).toHaveValue('08:00');
  });

  it('should name the row that overlaps, ends before it starts, or has no price', async () => {
    const { user } = renderEditor([
      { start: '00:00', end: '10:00', fee: 0.5 },
      { start: '08:00', end: '24:00', fee: 1 },
      { start: '12:00', end: '11:00', fee: 1 },
    ]);
    expect(screen.getByText('时段2：时间段不能重叠')).toBeInTheDocument();
    expect(screen.getByText('时段3：结束时间必须大于开始时间')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('电费 1 价格'));
    expect(screen.getByText('时段1：请填写价格')).toBeInTheDocument();
  });

  it('should keep a negative price as typed and say it cannot be negative', async () => {
    const { user, changes } = renderEditor([{ start: '00:00', end: '24:00', fee: 0.5 }]);
    const price = screen.getByLabelText('电费 1 价格');
    await user.clear(price);
    await user.type(price, '-5');
    await user.tab();
    expect(changes.at(-1)).toEqual([{ start: '00:00', end: '24:00', fee: -5 }]);
    expect(price).toHaveValue('-5.00');
    expect(screen.getByText('时段1：价格不能为负数')).toBeInTheDocument();
  });

  it('should say so in English too', async () => {
    const { user } = renderEditor([{ start: '00:00', end: '24:00', fee: 0.5 }], { locale: 'en-US' });
    const price = screen.getByLabelText('电费 1 price');
    await user.clear(price);
    await user.type(price, '-1');
    await user.tab();
    expect(screen.getByText('Period 1: A price cannot be negative')).toBeInTheDocument();
  });

  it('should keep the last period, since a fee needs at least one', async () => {
    const { user, changes } = renderEditor([
      { start: '00:00', end: '12:00', fee: 0.5 },
      { start: '12:00', end: '24:00', fee: 1 },
    ]);
    await user.click(screen.getByRole('button', { name: '电费 1 删除时段' }));
    expect(changes.at(-1)).toEqual([{ start: '12:00', end: '24:00', fee: 1 }]);
    expect(screen.getByRole('button', { name: '电费 1 删除时段' })).toBeDisabled();
  });

  it('should lock every input when disabled and show a ranged price with its bounds', () => {
    renderEditor([{ start: '00:00', end: '24:00', fee: 1, feeMin: 0.8, feeMax: 1.2 }], { disabled: true });
    expect(screen.getByLabelText('电费 1 开始')).toBeDisabled();
    expect(screen.getByLabelText('电费 1 价格')).toBeDisabled();
    expect(screen.getByRole('button', { name: '电费 添加时段' })).toBeDisabled();
    expect(screen.getByText('区间 0.80~1.20')).toBeInTheDocument();
  });

  it('should speak English when the portal does', () => {
    renderEditor([{ start: '00:00', end: '24:00', fee: 1 }], { locale: 'en-US' });
    expect(screen.getByText('CNY/kWh')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '电费 Add period' })).toBeEnabled();
  });
});
