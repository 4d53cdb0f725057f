import { Alert, Button, Flex, Segmented, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RoutePlanResponse } from '@cmp/domain/road-books/road-book';
import { PLAN_TAGS, type PlanTag } from '@cmp/domain/road-books/route-tactics';
import { duration, km } from '../shared/route-format';
import styles from './RoadBookEditorPage.module.css';

export interface PlanPanelProps {
  plans: readonly RoutePlanResponse[];
  activeTag: PlanTag | null;
  active: number;
  adjusted: boolean;
  onTag: (tag: PlanTag) => void;
  onUpdateRoute: () => void;
  updating: boolean;
}

/**
 * The plans as their tags: a tag selects the plan that carries it; one plan may be the recommended, the
 * fastest and the shortest at once, which the line under the tags says. Below, the plan's figures, and
 * whether the car gets there.
 */
export function PlanPanel({
  plans,
  activeTag,
  active,
  adjusted,
  onTag,
  onUpdateRoute,
  updating,
}: PlanPanelProps) {
  const { t } = useTranslation('roadBooks');
  const plan = plans[active];
  if (!plan) return null;
  const offered = PLAN_TAGS.filter((tag) => plans.some((p) => p.tags.includes(tag)));
  const { route } = plan;
  const stops = plan.routePlanningResourceList.list.filter((item) => item.selected).length;

  return (
    <Flex vertical gap={12}>
      <Segmented<PlanTag>
        aria-label={t('plan.tags')}
        value={activeTag ?? plan.tag}
        onChange={onTag}
        options={offered.map((tag) => ({
          value: tag,
          label: t(`plan.tag.${tag}`),
        }))}
      />
      {plan.tags.length > 1 && (
        <Typography.Text type="secondary">
          {t('plan.sameStops', {
            tags: plan.tags.map((tag) => t(`plan.tag.${tag}`)).join(t('plan.tagSeparator')),
          })}
        </Typography.Text>
      )}
      <Flex gap={32} wrap align="center">
        <Statistic title={t('plan.distance')} value={km(route.distance)} suffix="km" />
        <Statistic title={t('plan.duration')} value={duration(t, route.duration)} />
        <Statistic title={t('plan.chargingDuration')} value={duration(t, route.chargingDuration)} />
        <Statistic title={t('plan.stops')} value={stops} />
        <Statistic title={t('plan.candidates')} value={plan.candidateCount} />
        <Tag color={route.status === 0 ? 'success' : 'error'} className={styles.statusTag}>
          {route.status === 0 ? t('plan.reachable') : t('plan.notReachable')}
        </Tag>
      </Flex>
      {route.status !== 0 && (
        <Alert
          type="error"
          showIcon
          title={t('plan.notArrival', {
            count: route.notArrivalCount,
            distance: route.notArrivalDistance.toFixed(1),
          })}
        />
      )}
      {adjusted && (
        <Alert
          type="warning"
          showIcon
          title={t('plan.adjusted')}
          action={
            <Button size="small" type="primary" loading={updating} onClick={onUpdateRoute}>
              {updating ? t('plan.updating') : t('plan.updateRoute')}
            </Button>
          }
        />
      )}
      {route.estimated && <Alert type="info" showIcon title={t('plan.estimated')} />}
    </Flex>
  );
}
