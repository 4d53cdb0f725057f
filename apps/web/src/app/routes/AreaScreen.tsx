import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isTenant } from '@cmp/domain';
import { mayOpen, type PortalArea } from '../areas';
import { ForbiddenResult } from '../errors/ForbiddenResult';
import { tenantHome } from '../paths';
import { SCREEN_LOADERS } from '../screens';
import { useCurrentUser } from '../session/current-user';

// One lazy component per built area, made once, so each screen is its own chunk loaded on first visit.
const SCREENS = new Map<string, LazyExoticComponent<ComponentType>>(
  Object.entries(SCREEN_LOADERS).map(([key, load]) => [key, lazy(load)]),
);

/** A built area's screen, behind the role the area asks for in the current tenant. */
export function AreaScreen({ area }: { area: PortalArea }) {
  const { t } = useTranslation('shell');
  const user = useCurrentUser();
  const { tenant } = useParams();
  const Screen = SCREENS.get(area.key);
  if (!Screen || !isTenant(tenant)) return null;
  if (!mayOpen(area, user, tenant)) {
    return (
      <ForbiddenResult title={t('forbidden.area')} to={tenantHome(tenant)} action={t('action.backHome')} />
    );
  }
  return <Screen />;
}
