import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PORTAL_BASE } from '../paths';

/** The fixed `/error` route other systems send users to when something went wrong on their side. */
export function ErrorPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  return (
    <Result
      status="500"
      title={t('errorPage.title')}
      subTitle={t('errorPage.description')}
      extra={
        <Button type="primary" onClick={() => void navigate(PORTAL_BASE)}>
          {t('action.backHome')}
        </Button>
      }
    />
  );
}
