import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDescribeError } from '../../api/describe-error';

interface ErrorResultProps {
  error: unknown;
  onRetry: () => void;
}

/** What a failed screen shows instead of going blank: what happened, and a way to try again. */
export function ErrorResult({ error, onRetry }: ErrorResultProps) {
  const { t } = useTranslation('shell');
  const describe = useDescribeError();
  return (
    <Result
      status="error"
      title={t('error.title')}
      subTitle={describe(error)}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('error.retry')}
        </Button>
      }
    />
  );
}
