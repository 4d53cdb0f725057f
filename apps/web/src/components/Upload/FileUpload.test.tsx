import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test-utils';
import { FileUpload } from './FileUpload';

const fileInput = (container: HTMLElement) =>
  container.querySelector('input[type="file"]') as HTMLInputElement;
const sheet = () => new File(['id,name'], 'recipients.xlsx', { type: 'application/vnd.ms-excel' });

describe('FileUpload', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('should hand over the chosen file without uploading it and show its name', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const onChange = vi.fn();
    const { user, container } = renderWithProviders(<FileUpload accept=".xlsx" onChange={onChange} />);

    const file = sheet();
    await user.upload(fileInput(container), file);

    expect(onChange).toHaveBeenCalledWith(file);
    expect(screen.getByText('recipients.xlsx')).toBeInTheDocument();
    // Nothing is posted; the only request reads the upload limit.
    expect(fetchSpy.mock.calls.map(([url]) => String(url))).toEqual(
      expect.not.arrayContaining([expect.stringContaining('/files')]),
    );
  });

  it('should refuse a file over the limit, saying its size and the limit, and take a smaller one', async () => {
    const onChange = vi.fn();
    const { user, container } = renderWithProviders(
      <FileUpload maxBytes={1024 * 1024} onChange={onChange} />,
    );

    await user.upload(fileInput(container), new File([new Uint8Array(1536 * 1024)], 'big.xlsx'));
    expect(screen.getByRole('alert')).toHaveTextContent('big.xlsx 大小为 1.5 MB，超过上传上限 1 MB，未上传');
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.queryByText('big.xlsx')).not.toBeInTheDocument();

    await user.upload(fileInput(container), sheet());
    expect(onChange).toHaveBeenCalledWith(expect.objectContaining({ name: 'recipients.xlsx' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('should offer only the accepted file types', () => {
    const { container } = renderWithProviders(<FileUpload accept=".xlsx,.xls" />);
    expect(fileInput(container)).toHaveAttribute('accept', '.xlsx,.xls');
    expect(screen.getByRole('button', { name: /选择文件/ })).toBeInTheDocument();
  });

  it('should ignore files while disabled', async () => {
    const onChange = vi.fn();
    const { user, container } = renderWithProviders(<FileUpload disabled onChange={onChange} />);

    expect(screen.getByRole('button', { name: /选择文件/ })).toBeDisabled();
    await user.upload(fileInput(container), sheet());
    expect(onChange).not.toHaveBeenCalled();
  });

  it('should render as a plain plus icon', () => {
    renderWithProviders(<FileUpload plusIcon label="Add package" />);
    const button = screen.getByRole('button', { name: /Add package/ });
    expect(button).toHaveTextContent('');
    expect(button.querySelector('.anticon-plus')).not.toBeNull();
  });

  it('should show the file the parent holds', () => {
    renderWithProviders(<FileUpload value={new File(['x'], 'package-1.2.bin')} />);
    expect(screen.getByText('package-1.2.bin')).toBeInTheDocument();
  });
});
