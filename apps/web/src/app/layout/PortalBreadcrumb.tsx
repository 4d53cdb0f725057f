import { Breadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { crumbsOf } from './crumbs';

export function PortalBreadcrumb() {
  const { t } = useTranslation('shell');
  const crumbs = crumbsOf(useMatches(), t);
  const last = crumbs.length - 1;
  return (
    <Breadcrumb
      items={crumbs.map((crumb, i) => ({
        key: `${i}`,
        title:
          crumb.path !== undefined && i !== last ? <Link to={crumb.path}>{crumb.name}</Link> : crumb.name,
      }))}
    />
  );
}
