import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { changeLanguage } from '../../i18n';
import { ApiError } from '../../api/client';
import { AppProviders } from '../AppProviders';
import { createQueryClient } from '../query-client';
import { ErrorBoundary } from './ErrorBoundary';

const wrapper = ({ children }: { children: ReactNode }) => (
  <AppProviders queryClient={createQueryClient()}>{children}</AppProviders>
);

let broken = false;
function Flaky() {
  if (broken) throw new ApiError(500, 'internal_error', 'boom');
  return <p>screen content</p>;
}

describe('ErrorBoundary', () => {
  beforeEach(async () => {
    await changeLanguage('zh-CN');
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  it('should show a readable message and render the screen again on retry', async () => {
    broken = true;
    render(
      <ErrorBoundary resetKey="/a">
        <Flaky />
      </ErrorBoundary>,
      { wrapper },
    );
    expect(screen.getByText('页面出错了')).toBeInTheDocument();
    expect(screen.getByText('服务器出错了，请稍后重试')).toBeInTheDocument();

    broken = false;
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(screen.getByText('screen content')).toBeInTheDocument();
  });

  it('should clear the error when the user moves to another page', () => {
    broken = true;
    const { rerender } = render(
      <ErrorBoundary resetKey="/a">
        <Flaky />
      </ErrorBoundary>,
      { wrapper },
    );
    expect(screen.getByText('页面出错了')).toBeInTheDocument();
    broken = false;
    rerender(
      <ErrorBoundary resetKey="/b">
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.getByText('screen content')).toBeInTheDocument();
  });
});
