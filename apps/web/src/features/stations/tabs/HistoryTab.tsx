import { useState, type ReactNode } from 'react';
import { Button, Card, DatePicker, Empty, Flex, Result, Select, Spin, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EnumerationName } from '@cmp/domain/messages/enumerations';
import type { StationOperationRecord } from '@cmp/domain/stations/operation-records';
import { ErrorResult } from '../../../app/errors/ErrorResult';
import { useDomainLocale } from '../../../components/i18n/use-domain-locale';
import { useEnumLabel } from '../../../components/i18n/use-enum-label';
import { formatTime } from '../../../components/format';
import { worksheetDetailPath } from '../../../app/screen-links';
import { useStationsTenant } from '../../../components/lookups';
import { ChangeTable } from './ChangeTable';
import { useStationHistory, type HistoryFilter } from './history-api';
import { displayValue, fieldChanges, worksheetOf } from './history-diff';
import { scheduleText } from './history-schedules';
import styles from './HistoryTab.module.css';

/** Fields recorded as codes, and the enumeration that names each code (lists name each element). */
const CODED_FIELDS: Record<string, EnumerationName> = {
  pictureSourceId: 'pictureSource',
  pictureSceneId: 'pictureScene',
  construction: 'constructionType',
  parkFeeTag: 'parkFeeTag',
  bizScenes: 'bizScene',
  type: 'notificationType',
  relationType: 'relationType',
  relationState: 'relationState',
  relationSource: 'relationSource',
};

const isCode = (value: unknown): value is string | number =>
  typeof value === 'string' || typeof value === 'number';

/** The station's operation history, newest first, each change shown as its fields before and after. */
export function HistoryTab({ resourceId }: { resourceId: string }) {
  const { t, i18n } = useTranslation('stations');
  const [filter, setFilter] = useState<HistoryFilter>({ actions: [] });
  const history = useStationHistory(resourceId, filter);

  const actionCatalog = i18n.getResource(i18n.language, 'stations', 'history.action') as
    Record<string, string> | undefined;
  const actionOptions = Object.keys(actionCatalog ?? {}).map((action) => ({
    value: action,
    label: t(`history.action.${action}`),
  }));

  const records = history.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={12} align="center">
        <Flex align="center" gap={6}>
          <span>{t('history.actions')}</span>
          <Select
            aria-label={t('history.actions')}
            mode="multiple"
            allowClear
            maxTagCount="responsive"
            style={{ width: 320 }}
            placeholder={t('components:searchTable.all')}
            options={actionOptions}
            value={filter.actions}
            onChange={(actions: string[]) => setFilter((f) => ({ ...f, actions }))}
          />
        </Flex>
        <Flex align="center" gap={6}>
          <span>{t('history.timeRange')}</span>
          <DatePicker.RangePicker
            aria-label={t('history.timeRange')}
            placeholder={[t('components:searchTable.startTime'), t('components:searchTable.endTime')]}
            showTime={{ defaultOpenValue: [dayjs().startOf('day'), dayjs().endOf('day')] }}
            value={filter.timeRange ? [dayjs(filter.timeRange[0]), dayjs(filter.timeRange[1])] : null}
            onChange={(range) => {
              const [start, end] = range ?? [];
              setFilter((f) => ({
                ...f,
                timeRange:
                  start && end ? [start.millisecond(0).valueOf(), end.millisecond(999).valueOf()] : undefined,
              }));
            }}
          />
        </Flex>
      </Flex>
      {history.isError && records.length === 0 ? (
        <ErrorResult error={history.error} onRetry={() => void history.refetch()} />
      ) : history.isPending ? (
        <Spin />
      ) : records.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('history.empty')} />
      ) : (
        <Flex vertical gap={12}>
          {records.map((record) => (
            <HistoryRecord key={record.recordId} record={record} />
          ))}
          <Flex justify="center">
            {history.hasNextPage ? (
              <Button loading={history.isFetchingNextPage} onClick={() => void history.fetchNextPage()}>
                {t('history.loadMore')}
              </Button>
            ) : (
              <Typography.Text type="secondary">{t('history.noMore')}</Typography.Text>
            )}
          </Flex>
          {history.isFetchNextPageError && <Result status="warning" subTitle={history.error?.message} />}
        </Flex>
      )}
    </Flex>
  );
}

function HistoryRecord({ record }: { record: StationOperationRecord }) {
  const { t } = useTranslation('stations');
  const tenant = useStationsTenant();
  const locale = useDomainLocale();
  const label = useEnumLabel();
  const changes = fieldChanges(record.before, record.after);
  const worksheetId = worksheetOf(record.extData);

  const show = (field: string, value: unknown): ReactNode => {
    // Picture renditions are recorded by their address, which means nothing to a reader: the small one
    // shows as a thumbnail, the others as a link that opens the picture.
    if (typeof value === 'string' && /Url$/.test(field)) {
      return (
        <Typography.Link href={value} target="_blank" rel="noreferrer">
          {field === 'smallUrl' ? (
            <img src={value} alt={t('history.thumbnail')} className={styles.thumb} />
          ) : (
            t('history.openPicture')
          )}
        </Typography.Link>
      );
    }
    if (typeof value === 'boolean') return t(value ? 'yesNo.yes' : 'yesNo.no');
    if (typeof value === 'number' && /time(Begin|End)?$/i.test(field)) return formatTime(value);
    // A station's status is a number, a worksheet's a word.
    if (field === 'status' && isCode(value)) {
      return label(typeof value === 'number' ? 'stationStatus' : 'worksheetStatus', value);
    }
    const coded = CODED_FIELDS[field];
    if (coded && isCode(value)) return label(coded, value);
    if (coded && Array.isArray(value) && value.every(isCode)) {
      return value.length === 0
        ? '-'
        : value.map((code) => label(coded, code)).join(t('history.listSeparator'));
    }
    return scheduleText(field, value, locale) ?? displayValue(value);
  };

  return (
    <Card
      size="small"
      data-testid={`history-${record.recordId}`}
      title={
        <Flex wrap gap={8} align="center">
          <Tag color="blue">{t(`history.action.${record.action}`, { defaultValue: record.action })}</Tag>
          <span>{formatTime(record.operationTime)}</span>
        </Flex>
      }
      extra={
        <Flex gap={8} align="center">
          {worksheetId !== undefined && (
            <Link to={worksheetDetailPath(tenant, Number(worksheetId))}>
              {t('history.worksheet', { worksheetId })}
            </Link>
          )}
          <Typography.Text type="secondary">
            {t('history.operator')}: {record.userName ?? record.userType}
          </Typography.Text>
          {record.result !== '' && record.result.toLowerCase() !== 'success' && (
            <Tag color="error">{record.result}</Tag>
          )}
        </Flex>
      }
    >
      {changes.length === 0 || (changes.length === 1 && changes[0]?.field === '' && !changes[0].changed) ? (
        <Typography.Text type="secondary">{t('history.noChanges')}</Typography.Text>
      ) : (
        <ChangeTable
          changes={changes}
          headers={{ field: t('history.field'), before: t('history.before'), after: t('history.after') }}
          fieldName={(field) =>
            t([`field.${field}`, `stationDetail:field.${field}`], { defaultValue: field })
          }
          show={show}
        />
      )}
    </Card>
  );
}
