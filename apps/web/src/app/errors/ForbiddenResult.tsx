import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

interface ForbiddenResultProps {
  title: string;
  /** Where the user can go instead. */
  to: string;
  action: string;
}

export function ForbiddenResult({ title, to, action }: ForbiddenResultProps) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title={title}
      subTitle={t('forbidden.description')}
      extra={
        <Button type="primary" onClick={() => void navigate(to)}>
          {action}
        </Button>
      }
    />
  );
}
