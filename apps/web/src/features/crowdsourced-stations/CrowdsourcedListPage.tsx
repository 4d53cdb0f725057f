import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrowdsourcedStation } from '@cmp/domain/stations/crowdsourced-stations';
import { useCanChange } from '../../app/session/use-can-change';
import { ExportButton } from '../../app/tasks/ExportButton';
import { SearchTable } from '../../components';
import { useStationsTenant } from '../../components/lookups';
import { CROWDSOURCED_LIST, useCrowdsourcedApi } from './crowdsourced-api';
import { useReportFilters } from './report-filters';
import { toReportExportColumns, toReportExportQuery, toReportListRequest } from './report-list-query';
import { StaffReportForm } from './StaffReportForm';
import { useReportColumns } from './use-report-columns';
import { CrowdsourcedListQuerySchema } from '@cmp/domain/stations/crowdsourced-stations';

/**
 * The crowd-sourced station reports (spec C3.11.5, filter of C3.11.7): every report the apps and staff
 * sent, by source, place, reporter, review and online state, with export; operators enter reports here.
 * Each report opens its review page.
 */
export default function CrowdsourcedListPage() {
  const { t } = useTranslation('crowdsourcedStations');
  const tenant = useStationsTenant();
  const reports = useCrowdsourcedApi();
  const canChange = useCanChange();
  const columns = useReportColumns();
  const filters = useReportFilters('list');
  const [creating, setCreating] = useState(false);

  return (
    <>
      <SearchTable<CrowdsourcedStation>
        querySchema={CrowdsourcedListQuerySchema}
        persistKey={CROWDSOURCED_LIST}
        tenant={tenant}
        rowKey="objectId"
        title={t('list.title')}
        columns={columns}
        filters={filters}
        request={(params, { signal }) => reports.search(toReportListRequest(params), signal)}
        actions={({ params, columns: shown }) => [
          ...(canChange
            ? [
                <Button key="create" type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                  {t('list.create')}
                </Button>,
              ]
            : []),
          <ExportButton
            key="export"
            tenant={tenant}
            path={`/api/${tenant}/crowdsourced-stations/export`}
            query={toReportExportQuery(params)}
            columns={toReportExportColumns(shown)}
            fileName="crowdsourced-stations"
          />,
        ]}
      />
      <StaffReportForm open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
