import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DRAW_STATES, LOTTERY_DRAW_PAGE_SIZE, REWARD_STATES } from '@cmp/domain/activities/reward-states';
import {
  LOTTERY_DRAW_SEARCH_NAMES,
  LotteryDrawListQuerySchema,
  type LotteryDraw,
} from '@cmp/domain/rewards/lottery-draw-contracts';
import { useCanChange } from '../../app/session/use-can-change';
import { ExportButton } from '../../app/tasks/ExportButton';
import { SearchTable, type SearchFilter } from '../../components';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { useStationsTenant } from '../../components/lookups';
import { ActivitySelect } from '../activities/ActivitySelect';
import { DrawRewards } from './DrawRewards';
import { ReissueDialog, type ReissueTarget } from './ReissueDialog';
import { toLotteryDrawFilter, withPage } from './reward-list-queries';
import { REWARD_LISTS, REWARD_PATHS, useRewardsApi } from './rewards-api';
import { useLotteryDrawColumns } from './use-lottery-draw-columns';

/**
 * The draws of the tenant's lotteries (spec M3.2.8–M3.2.10): who drew, whether they won and what, and how
 * each reward went. A draw opens to its rewards, where operators reissue a failed one.
 */
export default function LotteryDrawListPage() {
  const { t } = useTranslation('rewards');
  const tenant = useStationsTenant();
  const rewards = useRewardsApi();
  const canChange = useCanChange();
  const label = useEnumLabel();
  const columns = useLotteryDrawColumns();
  const [reissuing, setReissuing] = useState<ReissueTarget>();

  const filters = useMemo<SearchFilter[]>(
    () => [
      {
        type: 'custom',
        name: 'activityId',
        label: t('field.activity'),
        render: (props) => <ActivitySelect {...props} />,
      },
      {
        type: 'inputSelect',
        name: 'searchInput',
        selectName: 'searchInputSelect',
        label: t('field.searchInput'),
        options: LOTTERY_DRAW_SEARCH_NAMES.map((value) => ({ value, label: t(`field.${value}`) })),
      },
      {
        type: 'select',
        name: 'drawState',
        label: t('field.drawState'),
        options: DRAW_STATES.map((value) => ({ value, label: label('drawState', value) })),
      },
      {
        type: 'select',
        name: 'rewardState',
        label: t('field.rewardState'),
        options: REWARD_STATES.map((value) => ({ value, label: label('rewardState', value) })),
      },
    ],
    [t, label],
  );

  return (
    <>
      <SearchTable<LotteryDraw>
        querySchema={LotteryDrawListQuerySchema}
        persistKey={REWARD_LISTS.lotteryDraws}
        tenant={tenant}
        rowKey="drawLogId"
        title={t('draws.title')}
        columns={columns}
        filters={filters}
        defaultPageSize={LOTTERY_DRAW_PAGE_SIZE}
        empty={t('draws.empty')}
        request={(params, { signal }) =>
          rewards.lotteryDraws(withPage(params, toLotteryDrawFilter(params)), signal)
        }
        expandable={{
          render: (draw) => <DrawRewards draw={draw} onReissue={canChange ? setReissuing : undefined} />,
          rowExpandable: (draw) => draw.rewards.length > 0,
        }}
        actions={({ params, columns: shown }) => [
          <ExportButton
            key="export"
            tenant={tenant}
            path={`/api/${tenant}${REWARD_PATHS.lotteryDraws}/export`}
            query={toLotteryDrawFilter(params)}
            columns={shown}
            fileName="lottery-draws"
          />,
        ]}
      />
      {reissuing && (
        <ReissueDialog
          target={reissuing}
          list={REWARD_LISTS.lotteryDraws}
          onClose={() => setReissuing(undefined)}
        />
      )}
    </>
  );
}
