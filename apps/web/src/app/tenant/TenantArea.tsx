import { useEffect } from 'react';
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

function AllowedTenantArea({ tenant }: { tenant: Tenant }) {
  useEffect(() => rememberTenant(tenant), [tenant]);
  return <PortalLayout tenant={tenant} />;
}
