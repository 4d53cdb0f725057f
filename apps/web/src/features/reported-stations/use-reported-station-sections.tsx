import { useMemo } from 'react';
import { Descriptions } from 'antd';
import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMessage, type MessageKey } from '@cmp/domain/messages/format';
import { isWebLink } from '@cmp/domain/shared/input';
import { CONNECTOR_TYPES } from '@cmp/domain/stations/equipment';
import { REPORTED_STATION_SOURCES, type ReportedStation } from '@cmp/domain/stations/reported-stations';
import type { FormDeclaration, FormSection } from '../../components';
import { useDomainLocale } from '../../components/i18n/use-domain-locale';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { RegionCascader } from '../stations/detail/RegionCascader';
import { useStationOptions } from '../stations/detail/station-fields';
import { formatTime, orDash } from '../../components/format';
import { EquipmentsEditor, isCompleteEquipment } from './EquipmentsEditor';
import type { EquipmentRow, ReportedStationFormValues } from './reported-station-form';
import { usePartyOptions } from './reported-stations-api';
import { PictureLinksEditor } from './PictureLinksEditor';

type Fields = FormSection<ReportedStationFormValues>['fields'];

/** The contract's patterns, said in the domain's words. */
const CONNECTOR_ID = /^[A-Za-z0-9_.:-]+$/;
const COUNTRY_CODE = /^[A-Z]{2}$/;

/** Who created, changed and reviewed the station: shown, never edited. */
function StationRecord({ station }: { station: ReportedStation }) {
  const { t } = useTranslation('reportedStations');
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, md: 2, xl: 3 }}
      items={[
        { key: 'creator', label: t('field.creator'), children: orDash(station.creator) },
        { key: 'createdAt', label: t('field.createdAt'), children: formatTime(station.createdAt) },
        { key: 'updater', label: t('field.updater'), children: orDash(station.updater) },
        { key: 'updatedAt', label: t('field.updatedAt'), children: formatTime(station.updatedAt) },
        { key: 'reviewUser', label: t('field.reviewUser'), children: orDash(station.reviewUser) },
        { key: 'reviewTime', label: t('field.reviewTime'), children: formatTime(station.reviewTime) },
        { key: 'rejectReason', label: t('field.rejectReason'), children: orDash(station.rejectReason) },
      ]}
    />
  );
}

/**
 * The editor's sections: what the station is, who runs it, where it is, its hours and fees, its power, its
 * chargers and pictures, and (for a saved one) its record. The connector id is the key: entered once.
 */
export function useReportedStationSections(
  station: ReportedStation | undefined,
): FormDeclaration<ReportedStationFormValues> {
  const { t } = useTranslation('reportedStations');
  const locale = useDomainLocale();
  const label = useEnumLabel();
  const stationOptions = useStationOptions();
  const { operators, equipmentOwners, subOperators } = usePartyOptions();

  return useMemo(() => {
    const field = (name: keyof ReportedStationFormValues & string) => t(`field.${name}`);
    const matching = (pattern: RegExp, key: MessageKey): FormRule => ({
      validator: async (_rule, value: unknown) => {
        if (typeof value === 'string' && value.trim() !== '' && !pattern.test(value.trim())) {
          throw new Error(formatMessage(locale, { key }));
        }
      },
    });
    const completeEquipments: FormRule = {
      validator: async (_rule, rows: EquipmentRow[] | undefined) => {
        if (!(rows ?? []).every(isCompleteEquipment)) throw new Error(t('equipment.incomplete'));
      },
    };
    const webLinks: FormRule = {
      validator: async (_rule, links: string[] | undefined) => {
        const given = (links ?? []).map((link) => link.trim()).filter((link) => link !== '');
        if (!given.every(isWebLink)) throw new Error(formatMessage(locale, { key: 'notification.badUrl' }));
      },
    };
    const power = (name: 'dcPower' | 'dcCurrent' | 'acPower' | 'acCurrent'): Fields[number] => ({
      type: 'number',
      name,
      label: field(name),
      tooltip: t('hint.power'),
      range: { min: 0, max: 10_000 },
    });
    const count = (name: 'dcEquipmentNumber' | 'acEquipmentNumber'): Fields[number] => ({
      type: 'number',
      name,
      label: field(name),
      tooltip: t('hint.power'),
      range: { min: 0, max: 10_000, integer: true },
    });

    const sections: FormDeclaration<ReportedStationFormValues> = [
      {
        key: 'basic',
        title: t('section.basic'),
        fields: [
          {
            type: 'text',
            name: 'connectorId',
            label: field('connectorId'),
            tooltip: t('hint.connectorId'),
            required: true,
            maxLength: 64,
            rules: [matching(CONNECTOR_ID, 'reportedStations.connectorId')],
            editable: station === undefined,
          },
          { type: 'text', name: 'stationName', label: field('stationName'), required: true, maxLength: 128 },
          { type: 'text', name: 'stationId', label: field('stationId'), maxLength: 64 },
          {
            type: 'select',
            name: 'source',
            label: field('source'),
            required: true,
            options: REPORTED_STATION_SOURCES.map((value) => ({
              value,
              label: label('reportedStationSource', value),
            })),
          },
          {
            type: 'select',
            name: 'stationStatus',
            label: field('stationStatus'),
            required: true,
            options: stationOptions.status,
          },
          {
            type: 'number',
            name: 'stationType',
            label: field('stationType'),
            range: { min: 1, max: 255, integer: true },
          },
          {
            type: 'select',
            name: 'connectorType',
            label: field('connectorType'),
            options: CONNECTOR_TYPES.map((value) => ({ value, label: label('connectorType', value) })),
          },
          {
            type: 'select',
            name: 'construction',
            label: field('construction'),
            options: stationOptions.construction,
          },
          { type: 'switch', name: 'supportOrder', label: field('supportOrder') },
          { type: 'textarea', name: 'remark', label: field('remark'), width: 'full', maxLength: 512 },
        ],
      },
      {
        key: 'operator',
        title: t('section.operator'),
        fields: [
          {
            type: 'select',
            name: 'operatorId',
            label: field('operatorId'),
            required: true,
            options: operators,
          },
          {
            type: 'select',
            name: 'subOperatorId',
            label: field('subOperatorId'),
            options: subOperators,
          },
          {
            type: 'select',
            name: 'equipmentOwnerId',
            label: field('equipmentOwnerId'),
            required: true,
            options: equipmentOwners,
          },
          { type: 'text', name: 'serviceTel', label: field('serviceTel'), maxLength: 32, phone: true },
        ],
      },
      {
        key: 'location',
        title: t('section.location'),
        fields: [
          {
            type: 'custom',
            name: 'areaCode',
            label: field('areaCode'),
            required: true,
            render: ({ readOnly }) => (
              <RegionCascader
                aria-label={field('areaCode')}
                readOnly={readOnly}
                fallbackLabel={station?.areaName ?? station?.areaCode}
              />
            ),
          },
          {
            type: 'text',
            name: 'address',
            label: field('address'),
            required: true,
            maxLength: 255,
            width: 'twoThirds',
          },
          {
            type: 'text',
            name: 'countryCode',
            label: field('countryCode'),
            tooltip: t('hint.countryCode'),
            required: true,
            rules: [matching(COUNTRY_CODE, 'reportedStations.countryCode')],
          },
          {
            type: 'number',
            name: 'longitude',
            label: field('longitude'),
            required: true,
            precision: 6,
            range: { min: -180, max: 180 },
          },
          {
            type: 'number',
            name: 'latitude',
            label: field('latitude'),
            required: true,
            precision: 6,
            range: { min: -90, max: 90 },
          },
          {
            type: 'number',
            name: 'parkNums',
            label: field('parkNums'),
            range: { min: 0, max: 10_000, integer: true },
          },
          { type: 'textarea', name: 'siteGuide', label: field('siteGuide'), width: 'full', maxLength: 512 },
        ],
      },
      {
        key: 'fees',
        title: t('section.fees'),
        fields: [
          { type: 'text', name: 'businessHours', label: field('businessHours'), maxLength: 255 },
          { type: 'text', name: 'electricityFee', label: field('electricityFee'), maxLength: 255 },
          { type: 'text', name: 'serviceFee', label: field('serviceFee'), maxLength: 255 },
          { type: 'text', name: 'parkFee', label: field('parkFee'), maxLength: 255 },
          {
            type: 'text',
            name: 'electricitySel',
            label: field('electricitySel'),
            tooltip: t('hint.electricitySel'),
            maxLength: 16,
          },
        ],
      },
      {
        key: 'power',
        title: t('section.power'),
        fields: [
          power('dcPower'),
          power('dcCurrent'),
          count('dcEquipmentNumber'),
          power('acPower'),
          power('acCurrent'),
          count('acEquipmentNumber'),
        ],
      },
      {
        key: 'equipments',
        title: t('section.equipments'),
        fields: [
          {
            type: 'custom',
            name: 'equipments',
            label: field('equipments'),
            width: 'full',
            marksOwnProblems: true,
            rules: [completeEquipments],
            render: ({ readOnly }) => <EquipmentsEditor readOnly={readOnly} />,
          },
        ],
      },
      {
        key: 'pictures',
        title: t('section.pictures'),
        fields: [
          {
            type: 'custom',
            name: 'pictures',
            label: field('pictures'),
            width: 'full',
            marksOwnProblems: true,
            rules: [webLinks],
            render: ({ readOnly }) => <PictureLinksEditor readOnly={readOnly} />,
          },
        ],
      },
    ];
    return station
      ? [
          ...sections,
          {
            key: 'record',
            title: t('section.record'),
            editable: false,
            fields: [{ type: 'element', key: 'record', render: () => <StationRecord station={station} /> }],
          },
        ]
      : sections;
  }, [t, locale, label, stationOptions, operators, equipmentOwners, subOperators, station]);
}
