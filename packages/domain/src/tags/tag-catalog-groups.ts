import type { TagBizCode, TagProvider } from './tag-catalog.js';
import type { TagCode, TagGroupCode } from './tag-codes.js';
import type { TagInputType } from './tag-contracts.js';

interface CatalogueTag {
  code: TagCode;
  description: string;
}

export interface CatalogueGroup {
  code: TagGroupCode;
  category: number;
  provider: TagProvider;
  bizCode: TagBizCode;
  inputType: TagInputType;
  unit?: string;
  min?: number;
  max?: number;
  manualUpdateAllowed: boolean;
  description: string;
  tooltip: string;
  /** In priority order: the first is the group's usual or best value. */
  tags: CatalogueTag[];
}

export const TAG_CATEGORIES = [
  { code: 1, name: '资源信息' },
  { code: 2, name: '算法标签' },
  { code: 3, name: '综合评价' },
] as const;

export const TAG_PROVIDER_NAMES: Record<TagProvider, string> = {
  algorithm: '算法',
  cmo: '运营',
};

/** This month's top-ten swap stations, the tag the overall-evaluation switch adds or removes. */
export const MONTHLY_TOP_TEN_TAG = 'monthly_top_ten' satisfies TagCode;

/**
 * The tag catalogue every start needs, demo data or not: every group the specification names (core §6), with
 * the tags staff choose from and the explanation the editor shows. Names come from the message catalogs
 * (`tags/tag-codes.ts`), Chinese as operations staff use them; descriptions explain a tag for readers of the API.
 */
export const TAG_CATALOGUE: readonly CatalogueGroup[] = [
  {
    code: 'resource_occupy_info',
    category: 1,
    provider: 'cmo',
    bizCode: 'ChargeStation',
    inputType: 'occupy_time',
    manualUpdateAllowed: true,
    description: 'Hours of the day when the chargers are usually taken, typed as 08:30~11:30,17:00~19:00',
    tooltip: '充电桩经常被占用的时段，格式：08:30~11:30,12:30~14:30',
    tags: [{ code: 'occupy_time', description: 'Busy hours, in the tag value' }],
  },
  {
    code: 'resource_available_info',
    category: 1,
    provider: 'cmo',
    bizCode: 'ChargeStation',
    inputType: 'select',
    manualUpdateAllowed: true,
    description: 'Who may charge at the station and when',
    tooltip: '场站对外开放的情况，以现场核实为准',
    tags: [
      { code: 'available_public', description: 'Open to everyone during business hours' },
      { code: 'available_limited', description: 'Open only at some hours' },
      { code: 'available_members', description: 'Only for residents, staff or fleets' },
      { code: 'available_suspended', description: 'Closed for now' },
    ],
  },
  {
    code: 'resource_succ_info',
    category: 1,
    provider: 'cmo',
    bizCode: 'ChargeStation',
    inputType: 'fault_ratio',
    unit: '%',
    manualUpdateAllowed: true,
    description: 'Share of charging attempts that failed over the last 30 days, stored as a ratio',
    tooltip: '近30天充电失败次数占比，请输入0~30之间的百分数',
    tags: [{ code: 'fault_ratio', description: 'Failed share, a ratio with 2 decimals' }],
  },
  {
    code: 'resource_recommendation_info',
    category: 1,
    provider: 'cmo',
    bizCode: 'ChargeStation',
    inputType: 'select',
    manualUpdateAllowed: true,
    description: 'Why the app recommends the station',
    tooltip: '在 App 中向用户展示的推荐理由',
    tags: [
      { code: 'recommend_lounge', description: 'A lounge or waiting room' },
      { code: 'recommend_food', description: 'Restaurants within walking distance' },
      { code: 'recommend_quiet', description: 'A quiet, covered place to wait' },
      { code: 'recommend_all_day', description: 'Charging round the clock' },
    ],
  },
  {
    code: 'nio_charging_tag',
    category: 2,
    provider: 'algorithm',
    bizCode: 'ChargeStation',
    inputType: 'select',
    manualUpdateAllowed: false,
    description: 'Computed from NIO charging sessions; never written by hand',
    tooltip: '由蔚来车辆的充电记录计算，不支持手工修改',
    tags: [
      { code: 'nio_super_charging', description: 'Most NIO sessions above 120 kW' },
      { code: 'nio_fast_charging', description: 'Most NIO sessions above 60 kW' },
      { code: 'nio_slow_charging', description: 'Mostly AC sessions' },
    ],
  },
  {
    code: 'max_charging_speed_tag',
    category: 2,
    provider: 'algorithm',
    bizCode: 'ChargeStation',
    inputType: 'number',
    unit: 'A',
    min: 1,
    max: 350,
    manualUpdateAllowed: true,
    description: 'The highest current a car drew at the station, in amperes',
    tooltip: '场站实测的最大充电电流，单位 A，范围 1~350',
    tags: [{ code: 'max_charging_speed', description: 'Amperes, in the tag value' }],
  },
  {
    code: 'succ_prob_tag',
    category: 2,
    provider: 'algorithm',
    bizCode: 'ChargeStation',
    inputType: 'select',
    manualUpdateAllowed: true,
    description: 'How likely a charging attempt succeeds, from recent sessions',
    tooltip: '根据近期充电记录估算的充电成功率等级',
    tags: [
      { code: 'succ_prob_high', description: 'Above 95 % of attempts succeed' },
      { code: 'succ_prob_medium', description: '80–95 % of attempts succeed' },
      { code: 'succ_prob_low', description: 'Below 80 % of attempts succeed' },
    ],
  },
  {
    code: 'overall_evaluation',
    category: 3,
    provider: 'cmo',
    bizCode: 'PowerSwap',
    inputType: 'yes_no',
    manualUpdateAllowed: true,
    description: "Whether the swap station is among this month's ten best",
    tooltip: '是否评为本月十佳换电站；选择“是”添加月度十佳标签，选择“否”移除',
    tags: [{ code: MONTHLY_TOP_TEN_TAG, description: "One of this month's ten best" }],
  },
];
