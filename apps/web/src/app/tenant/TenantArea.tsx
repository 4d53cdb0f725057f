import { useEffect } from 'react';
import { ConfigProvider } from 'antd';
// antd's styles for every component, prebuilt: the area renders them without generating them at run time.
import 'antd/dist/antd.css';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isTenant, TENANT_LABELS, type Tenant } from '@cmp/domain';
import { NotFoundPage } from '../errors/NotFoundPage';
import { ForbiddenResult } from '../errors/ForbiddenResult';
import { rememberTenant } from '../last-tenant';
import { PortalLayout } from '../layout/PortalLayout';
import { PORTAL_BASE } from '../paths';
import { useCurrentUser } from '../session/current-user';

/** `/cmp-app/{tenant}`: the area of one tenant, open only to users who have it. */
export default function TenantArea() {
  const { tenant } = useParams();
  const { t } = useTranslation('shell');
  const user = useCurrentUser();
  const allowed = isTenant(tenant) && user.tenants.includes(tenant);

  if (!isTenant(tenant)) return <NotFoundPage />;
  if (!allowed) {
    return (
      <ForbiddenResult
        title={t('forbidden.tenant', { tenant: TENANT_LABELS[tenant] })}
        to={PORTAL_BASE}
        action={t('action.chooseTenant')}
      />
    );
  }
  return <AllowedTenantArea tenant={tenant} />;
}

/**
 * antd in the area takes its styles from the prebuilt stylesheet imported above instead of generating each
 * component's on its first render: that generation was a few hundred milliseconds of a list's first open on a
 * slow machine. The sign-in page and the tenant chooser keep generating theirs, so as not to download the
 * stylesheet (75 KB) before signing in. See docs/decisions.md "antd's styles prebuilt in the tenant area".
 */
const PREBUILT_STYLES = { zeroRuntime: true };

function AllowedTenantArea({ tenant }: { tenant: Tenant }) {
  useEffect(() => rememberTenant(tenant), [tenant]);
  return (
    <ConfigProvider theme={PREBUILT_STYLES}>
      <PortalLayout tenant={tenant} />
    </ConfigProvider>
  );
}
