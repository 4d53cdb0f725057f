import { Alert, Button, Flex, Segmented, Statistic, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RoutePlanResponse } from '@cmp/domain/road-books/road-book';
import { PLAN_TAGS, type PlanTag } from '@cmp/domain/road-books/route-tactics';
import { duration, km } from '../shared/route-format';
import styles from './RoadBookEditorPage.module.css';

export interface PlanPanelProps {
  plans: readonly RoutePlanResponse[];
  active: number;
  adjusted: boolean;
  onTag: (tag: PlanTag) => void;
  onUpdateRoute: () => void;
  updating: boolean;
}

/**
 * The plans as tabs named by their tags: one plan may be the recommended, the fastest and the shortest at
 * once, and its tab says so. Below, the plan's figures, and whether the car gets there.
 */
export function PlanPanel({ plans, active, adjusted, onTag, onUpdateRoute, updating }: PlanPanelProps) {
  const { t } = useTranslation('roadBooks');
  const plan = plans[active];
  if (!plan) return null;
  const { route } = plan;
  const stops = plan.routePlanningResourceList.list.filter((item) => item.selected).length;
  // Several tags often name the same plan (the planner merges plans with the same stops): one tab per plan
  // with all its tags on it, so six tabs never switch between the same stops.
  const tagsOf = (p: RoutePlanResponse) => PLAN_TAGS.filter((tag) => p.tags.includes(tag));

  return (
    <Flex vertical gap={12}>
      <Segmented<number>
        aria-label={t('plan.tags')}
        value={active}
        onChange={(index) => {
          const chosen = plans[index];
          if (chosen) onTag(tagsOf(chosen)[0] ?? chosen.tag);
        }}
        options={plans.map((p, index) => ({
          value: index,
          label: tagsOf(p)
            .map((tag) => t(`plan.tag.${tag}`))
            .join(t('plan.tagSeparator')),
        }))}
      />
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
