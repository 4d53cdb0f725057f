import type { Dispatch } from 'react';
import { ArrowDownOutlined, ArrowUpOutlined, AimOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Checkbox, Divider, Flex, Form, InputNumber, Select, Space, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMessage } from '@cmp/domain/messages/format';
import {
  PLANNING_RESOURCE_TYPE_LABELS,
  PLANNING_RESOURCE_TYPES,
  type PlanningResourceType,
} from '@cmp/domain/road-books/planning-resource-types';
import {
  MAX_CS_SEARCH_RANGE,
  MAX_DETOUR_FACTOR,
  MAX_VEHICLE_RANGE,
  MAX_WAYPOINTS,
} from '@cmp/domain/road-books/route-plan';
import { POWER_FEATURES, type PowerFeature } from '@cmp/domain/road-books/power-features';
import { ROUTE_TACTIC_LABELS, ROUTE_TACTICS, type RouteTactic } from '@cmp/domain/road-books/route-tactics';
import { useDomainLocale } from '../../../components/i18n/use-domain-locale';
import { usePortalConfig } from '../../../components/Map/portal-config';
import type { EditorAction, Place, TripSettings } from './editor-state';
import { PlaceSearch } from './PlaceSearch';
import styles from './RoadBookEditorPage.module.css';

export type PickTarget = 'origin' | 'destination' | 'waypoint';

export interface TripPanelProps {
  trip: TripSettings;
  dispatch: Dispatch<EditorAction>;
  picking: PickTarget | null;
  onPick: (target: PickTarget | null) => void;
  onPlan: () => void;
  planning: boolean;
  /** A viewer's view of a saved trip: every value shown, none changeable, no planning. */
  readOnly?: boolean;
}

/**
 * Where the trip goes and how: points, vehicle ranges, tactic, detour, search range, energy types and the
 * power features that narrow the stations (none ticked: every station of the types).
 */
export function TripPanel({
  trip,
  dispatch,
  picking,
  onPick,
  onPlan,
  planning,
  readOnly = false,
}: TripPanelProps) {
  const { t } = useTranslation('roadBooks');
  const locale = useDomainLocale();
  const change = (next: Partial<TripSettings>) => dispatch({ type: 'trip', change: next });
  const pickButton = (target: PickTarget, label: string) => (
    <Tooltip title={t('trip.pickOnMap')}>
      <Button
        aria-label={`${label} ${t('trip.pickOnMap')}`}
        icon={<AimOutlined />}
        type={picking === target ? 'primary' : 'default'}
        onClick={() => onPick(picking === target ? null : target)}
      />
    </Tooltip>
  );
  const placeRow = (target: 'origin' | 'destination', label: string) => (
    <Form.Item label={label} htmlFor={`trip-${target}`} className={styles.item}>
      <Space.Compact block>
        <PlaceSearch
          id={`trip-${target}`}
          value={trip[target]}
          onChange={(place: Place) => change({ [target]: place })}
        />
        {!readOnly && pickButton(target, label)}
      </Space.Compact>
    </Form.Item>
  );
  const rangeTooHigh = trip.currentRange > trip.maxRange;
  const reserveTooHigh = trip.arrivalReserve !== null && trip.arrivalReserve > trip.maxRange;
  const reservePercent = usePortalConfig().data?.routeArrivalReservePercent;
  const defaultReserve =
    reservePercent === undefined
      ? t('trip.arrivalReservePortal')
      : t('trip.arrivalReserveDefault', {
          percent: reservePercent,
          km: Math.round((trip.maxRange * reservePercent) / 100),
        });

  return (
    <Form layout="vertical" component="div" className={styles.tripForm} disabled={readOnly}>
      {placeRow('origin', t('trip.origin'))}
      <Form.Item label={t('trip.waypoints')} className={styles.item}>
        <Flex vertical gap={4}>
          {trip.waypoints.length === 0 && (
            <Typography.Text type="secondary">{t('trip.noWaypoints')}</Typography.Text>
          )}
          {trip.waypoints.map((waypoint, index) => (
            <Flex key={waypoint.id} align="center" gap={4} className={styles.waypoint}>
              <span className={styles.waypointNo}>{index + 1}</span>
              <Typography.Text ellipsis={{ tooltip: waypoint.name }} className={styles.waypointName}>
                {waypoint.name ?? t('trip.waypointN', { n: index + 1 })}
              </Typography.Text>
              {!readOnly && (
                <>
                  <Button
                    size="small"
                    type="text"
                    aria-label={`${t('trip.moveUp')} ${index + 1}`}
                    icon={<ArrowUpOutlined />}
                    disabled={index === 0}
                    onClick={() => dispatch({ type: 'moveWaypoint', from: index, to: index - 1 })}
                  />
                  <Button
                    size="small"
                    type="text"
                    aria-label={`${t('trip.moveDown')} ${index + 1}`}
                    icon={<ArrowDownOutlined />}
                    disabled={index === trip.waypoints.length - 1}
                    onClick={() => dispatch({ type: 'moveWaypoint', from: index, to: index + 1 })}
                  />
                  <Button
                    size="small"
                    type="text"
                    danger
                    aria-label={`${t('trip.remove')} ${index + 1}`}
                    icon={<DeleteOutlined />}
                    onClick={() => dispatch({ type: 'removeWaypoint', index })}
                  />
                </>
              )}
            </Flex>
          ))}
          {!readOnly && trip.waypoints.length < MAX_WAYPOINTS && (
            <Space.Compact block>
              <PlaceSearch
                id="trip-waypoint"
                aria-label={t('trip.addWaypoint')}
                value={null}
                placeholder={t('trip.addWaypoint')}
                onChange={(place) => dispatch({ type: 'addWaypoint', place })}
              />
              {pickButton('waypoint', t('trip.addWaypoint'))}
            </Space.Compact>
          )}
        </Flex>
      </Form.Item>
      {placeRow('destination', t('trip.destination'))}

      <Divider className={styles.divider} titlePlacement="start" plain>
        {t('trip.vehicle')}
      </Divider>
      <Flex gap={8}>
        <Form.Item
          label={t('trip.currentRange')}
          htmlFor="trip-currentRange"
          className={styles.item}
          validateStatus={rangeTooHigh ? 'error' : undefined}
        >
          <InputNumber
            id="trip-currentRange"
            min={0}
            max={MAX_VEHICLE_RANGE}
            value={trip.currentRange}
            suffix={t('trip.km')}
            style={{ width: '100%' }}
            onChange={(value) => value !== null && change({ currentRange: value })}
          />
        </Form.Item>
        <Form.Item label={t('trip.maxRange')} htmlFor="trip-maxRange" className={styles.item}>
          <InputNumber
            id="trip-maxRange"
            min={1}
            max={MAX_VEHICLE_RANGE}
            value={trip.maxRange}
            suffix={t('trip.km')}
            style={{ width: '100%' }}
            onChange={(value) => value !== null && change({ maxRange: value })}
          />
        </Form.Item>
      </Flex>
      {rangeTooHigh && (
        <Typography.Text type="danger" className={styles.fieldError}>
          {t('trip.rangeTooHigh')}
        </Typography.Text>
      )}
      <Form.Item
        label={t('trip.arrivalReserve')}
        tooltip={t('trip.arrivalReserveHint')}
        htmlFor="trip-arrivalReserve"
        className={styles.item}
        validateStatus={reserveTooHigh ? 'error' : undefined}
        help={reserveTooHigh ? t('trip.reserveTooHigh') : undefined}
      >
        <InputNumber
          id="trip-arrivalReserve"
          min={0}
          max={MAX_VEHICLE_RANGE}
          value={trip.arrivalReserve}
          placeholder={defaultReserve}
          suffix={t('trip.km')}
          style={{ width: '100%' }}
          onChange={(value) => change({ arrivalReserve: value })}
        />
      </Form.Item>
      <Form.Item label={t('trip.tactics')} htmlFor="trip-tactics" className={styles.item}>
        <Select<RouteTactic>
          id="trip-tactics"
          value={trip.tactics}
          options={ROUTE_TACTICS.map((tactic) => ({
            value: tactic,
            label: formatMessage(locale, { key: ROUTE_TACTIC_LABELS[tactic] }),
          }))}
          onChange={(tactics) => change({ tactics })}
        />
      </Form.Item>
      <Flex gap={8}>
        <Form.Item
          label={t('trip.maxDetourFactor')}
          tooltip={t('trip.maxDetourFactorHint')}
          htmlFor="trip-maxDetourFactor"
          className={styles.item}
        >
          <InputNumber
            id="trip-maxDetourFactor"
            min={1}
            max={MAX_DETOUR_FACTOR}
            step={0.1}
            precision={2}
            value={trip.maxDetourFactor}
            style={{ width: '100%' }}
            onChange={(value) => value !== null && change({ maxDetourFactor: value })}
          />
        </Form.Item>
        <Form.Item
          label={t('trip.csSearchRange')}
          tooltip={t('trip.csSearchRangeHint')}
          htmlFor="trip-csSearchRange"
          className={styles.item}
        >
          <InputNumber
            id="trip-csSearchRange"
            min={0.1}
            max={MAX_CS_SEARCH_RANGE}
            step={1}
            value={trip.csSearchRange}
            suffix={t('trip.km')}
            style={{ width: '100%' }}
            onChange={(value) => value !== null && change({ csSearchRange: value })}
          />
        </Form.Item>
      </Flex>
      <Form.Item label={t('trip.planningResourceTypes')} className={styles.item}>
        <Checkbox.Group<PlanningResourceType>
          value={trip.planningResourceTypes}
          options={PLANNING_RESOURCE_TYPES.map((type) => ({
            value: type,
            label: formatMessage(locale, { key: PLANNING_RESOURCE_TYPE_LABELS[type] }),
          }))}
          onChange={(types) => types.length > 0 && change({ planningResourceTypes: types })}
        />
      </Form.Item>
      <Form.Item
        label={t('trip.powerFeatures')}
        tooltip={t('trip.powerFeaturesHint')}
        className={styles.item}
      >
        <Checkbox.Group<PowerFeature>
          value={trip.powerFeatures}
          options={POWER_FEATURES.map((feature) => ({
            value: feature,
            label: t(`powerFeature.${feature}`),
          }))}
          onChange={(features) => change({ powerFeatures: features })}
        />
      </Form.Item>
      {!readOnly && (
        // The form is taller than a 900-pixel window: the button stays at the window's foot while it is.
        <div className={styles.planBar}>
          <Button
            type="primary"
            block
            loading={planning}
            disabled={!trip.origin || !trip.destination || rangeTooHigh || reserveTooHigh}
            onClick={onPlan}
          >
            {planning ? t('trip.planning') : t('trip.plan')}
          </Button>
        </div>
      )}
    </Form>
  );
}
