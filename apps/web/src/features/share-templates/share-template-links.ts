import type { Tenant } from '@cmp/domain';
import { findArea } from '../../app/areas';
import { tenantPath } from '../../app/paths';

const areaPath = (key: string): string => findArea(key)?.path ?? '';

export const shareTemplateListPath = (tenant: Tenant): string =>
  tenantPath(tenant, areaPath('shareTemplates'));

/** The editor of one template (`?id=`), or of a new one without it. */
export const shareTemplateEditorPath = (tenant: Tenant, id?: number): string =>
  tenantPath(tenant, `${areaPath('shareTemplateEditor')}${id === undefined ? '' : `?id=${id}`}`);
