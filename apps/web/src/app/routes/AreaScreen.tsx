import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isTenant } from '@cmp/domain';
import { mayOpen, type PortalArea } from '../areas';
import { ForbiddenResult } from '../errors/ForbiddenResult';
import { tenantHome } from '../paths';
import { useCurrentUser } from '../session/current-user';

/** A built area's screen (loaded by its route), behind the role the area asks for in the current tenant. */
export function AreaScreen({ area, Screen }: { area: PortalArea; Screen: ComponentType }) {
  const { t } = useTranslation('shell');
  const user = useCurrentUser();
  const { tenant } = useParams();
  if (!isTenant(tenant)) return null;
  if (!mayOpen(area, user, tenant)) {
    return (
      <ForbiddenResult title={t('forbidden.area')} to={tenantHome(tenant)} action={t('action.backHome')} />
    );
  }
  return <Screen />;
}
