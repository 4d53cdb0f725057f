import { useState } from 'react';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanChange } from '../../../app/session/use-can-change';
import { BindRelationModal } from '../../relations/BindRelationModal';
import { relationListPath } from '../../relations/relation-links';
import { RelationTable } from '../../relations/RelationTable';
import { useStationsTenant } from '../../../components/lookups';

/**
 * The app users tied to the station (discoverers, contributors, maintainers), bound and unbound, with their
 * reasons; operators bind a user here and unbind one with a reason. Both go into the station's history.
 */
export function RelationsTab({ resourceId }: { resourceId: string }) {
  const { t } = useTranslation('relations');
  const tenant = useStationsTenant();
  const canChange = useCanChange();
  const [binding, setBinding] = useState(false);
  return (
    <>
      <RelationTable
        of={{ resource_id: resourceId }}
        empty={t('tab.empty')}
        toolbar={
          <>
            <Link to={relationListPath(tenant, `?resource_id=${encodeURIComponent(resourceId)}`)}>
              {t('tab.allOfStation')}
            </Link>
            {canChange && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setBinding(true)}>
                {t('tab.bind')}
              </Button>
            )}
          </>
        }
      />
      <BindRelationModal open={binding} resourceId={resourceId} onClose={() => setBinding(false)} />
    </>
  );
}
