import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PORTAL_BASE, tenantHome, tenantOfPath } from '../paths';

export function NotFoundPage() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  // Inside a tenant area, home is that area's home; elsewhere it is the tenant chooser.
  const tenant = tenantOfPath(useLocation().pathname);
  const home = tenant ? tenantHome(tenant) : PORTAL_BASE;
  return (
    <Result
      status="404"
      title={t('notFound.title')}
      subTitle={t('notFound.description')}
      extra={
        <Button type="primary" onClick={() => void navigate(home)}>
          {t('action.backHome')}
        </Button>
      }
    />
  );
}
