import type { ConstructionType } from '@cmp/domain/stations/construction-types';
import type { DemoPropertyOwner } from './operators.demo.js';

/** Codes of the `resource_biz_scenes` dictionary the stations area seeds on every start. */
export const BIZ_SCENE = {
  busDepot: 1,
  logistics: 2,
  taxi: 3,
  privateCars: 4,
  highway: 5,
  scenicArea: 6,
  commercialComplex: 7,
  residential: 8,
  industrialPark: 9,
  transportHub: 10,
} as const;

/** Station types of the charging interconnection standard (T/CEC 102). */
export const STATION_TYPE = { public: 1, bus: 100, logistics: 102, taxi: 103, other: 255 } as const;

/** What chargers a kind of place gets: slow AC where cars park for hours, fast DC where they pass. */
export type EquipmentProfile = 'ac' | 'dc' | 'mixed' | 'hub';

/** A kind of place a station stands at, with the words its names are made of. */
export interface PlaceKind {
  construction: ConstructionType;
  weight: number;
  /** `{w}` is replaced by an estate or company word, `{d}` by the district, `{r}` by a road. */
  names: readonly string[];
  bizScenes: readonly number[];
  profiles: readonly EquipmentProfile[];
  owner?: DemoPropertyOwner['kind'];
}

/** Places whose name says who charges there: a bus depot, a logistics park, a taxi stand. */
export const DEDICATED_PLACES: readonly {
  word: string;
  stationType: number;
  bizScenes: readonly number[];
  owner?: DemoPropertyOwner['kind'];
}[] = [
  { word: '公交', stationType: STATION_TYPE.bus, bizScenes: [BIZ_SCENE.busDepot], owner: 'bus' },
  {
    word: '物流',
    stationType: STATION_TYPE.logistics,
    bizScenes: [BIZ_SCENE.logistics, BIZ_SCENE.industrialPark],
    owner: 'logistics',
  },
  { word: '出租车', stationType: STATION_TYPE.taxi, bizScenes: [BIZ_SCENE.taxi] },
];

export const CITY_PLACE_KINDS: readonly PlaceKind[] = [
  {
    construction: 1,
    weight: 14,
    names: ['{w}花园', '{w}家园', '{w}华庭', '{w}雅苑', '{w}新村', '{w}公馆', '{w}小区'],
    bizScenes: [BIZ_SCENE.residential, BIZ_SCENE.privateCars],
    profiles: ['ac', 'ac', 'mixed'],
    owner: 'residential',
  },
  {
    construction: 2,
    weight: 5,
    names: ['{d}人民医院', '{d}区政府', '{d}市民中心', '{d}图书馆', '{d}中医院', '{d}政务服务中心'],
    bizScenes: [BIZ_SCENE.privateCars],
    profiles: ['ac', 'mixed', 'dc'],
  },
  {
    construction: 3,
    weight: 5,
    names: ['{w}集团总部', '{w}研发中心', '{w}科技园', '{w}股份公司'],
    bizScenes: [BIZ_SCENE.privateCars],
    profiles: ['ac', 'mixed'],
  },
  {
    construction: 4,
    weight: 9,
    names: ['{d}国际金融中心', '{w}大厦', '{d}商务中心', '{w}国际广场', '{w}中心大厦'],
    bizScenes: [BIZ_SCENE.privateCars, BIZ_SCENE.taxi],
    profiles: ['mixed', 'dc', 'ac'],
    owner: 'office',
  },
  {
    construction: 5,
    weight: 8,
    names: ['{d}高新产业园', '{d}经济开发区', '{d}物流园', '{w}工业园', '{d}智能制造产业园', '{w}创新港'],
    bizScenes: [BIZ_SCENE.industrialPark, BIZ_SCENE.logistics],
    profiles: ['dc', 'hub'],
  },
  {
    construction: 6,
    weight: 8,
    names: [
      '{d}高铁站P1停车场',
      '{d}火车站南广场',
      '{d}长途汽车客运站',
      '{r}地铁站P+R停车场',
      '{r}公交首末站',
    ],
    bizScenes: [BIZ_SCENE.transportHub, BIZ_SCENE.taxi, BIZ_SCENE.busDepot],
    profiles: ['dc', 'hub'],
  },
  {
    construction: 7,
    weight: 4,
    names: ['{d}体育中心', '{d}奥体中心', '{d}大剧院', '{d}博物馆', '{d}国际会展中心', '{d}科技馆'],
    bizScenes: [BIZ_SCENE.privateCars, BIZ_SCENE.scenicArea],
    profiles: ['mixed', 'dc'],
  },
  {
    construction: 8,
    weight: 3,
    names: ['{d}湿地公园', '{d}森林公园', '{d}滨江公园', '{d}植物园', '{d}中央公园'],
    bizScenes: [BIZ_SCENE.scenicArea, BIZ_SCENE.privateCars],
    profiles: ['mixed', 'ac'],
  },
  {
    construction: 9,
    weight: 18,
    names: [
      '{d}万达广场',
      '{d}万象城',
      '{d}吾悦广场',
      '{d}龙湖天街',
      '{d}印象城',
      '{d}大悦城',
      '{d}银泰城',
      '{d}宜家家居',
      '{d}永旺梦乐城',
      '{w}购物中心',
    ],
    bizScenes: [BIZ_SCENE.commercialComplex, BIZ_SCENE.privateCars],
    profiles: ['dc', 'mixed', 'dc'],
    owner: 'mall',
  },
  {
    construction: 10,
    weight: 5,
    names: ['{r}路侧停车场', '{r}公共停车场', '{r}出租车快充站'],
    bizScenes: [BIZ_SCENE.taxi, BIZ_SCENE.privateCars],
    profiles: ['dc'],
  },
  {
    construction: 255,
    weight: 3,
    names: ['{r}加油站', '{d}汽车城', '{w}酒店', '{d}驾校', '{w}4S店'],
    bizScenes: [BIZ_SCENE.privateCars, BIZ_SCENE.taxi],
    profiles: ['dc', 'mixed'],
  },
];

export const HIGHWAY_PLACE_KIND: PlaceKind = {
  construction: 11,
  weight: 0,
  names: [],
  bizScenes: [BIZ_SCENE.highway, BIZ_SCENE.privateCars],
  profiles: ['dc'],
};

export const NAME_WORDS = [
  '阳光',
  '锦绣',
  '翠湖',
  '金色',
  '碧水',
  '滨江',
  '世纪',
  '东方',
  '绿洲',
  '紫薇',
  '枫林',
  '桂花',
  '海棠',
  '香樟',
  '御景',
  '天悦',
  '星河',
  '融汇',
  '华府',
  '龙湾',
  '明珠',
  '春江',
  '凯旋',
  '嘉禾',
  '长乐',
  '瑞丰',
];

export const ROADS = [
  '人民路',
  '解放路',
  '中山路',
  '建设路',
  '长江路',
  '黄河路',
  '世纪大道',
  '科技路',
  '创业路',
  '学府路',
  '滨江大道',
  '新华路',
  '和平路',
  '文化路',
  '工业大道',
  '环城北路',
  '迎宾大道',
  '北京路',
  '南京路',
  '光明路',
  '幸福路',
  '友谊路',
  '青年路',
  '胜利路',
  '朝阳路',
  '民主路',
  '团结路',
  '振兴路',
  '发展大道',
  '高新大道',
  '创新大道',
  '湖滨路',
  '沿江大道',
  '站前路',
  '机场路',
  '园区路',
  '春风路',
  '翠柏路',
  '金桥路',
  '锦绣路',
];

export const DESCRIPTIONS = [
  '24小时营业，站内设有休息室和洗手间。',
  '地下停车场B2层，入口限高2.2米。',
  '地面停车场，夜间有照明，周边有便利店。',
  '支持即插即充，充电期间可在商场内休息购物。',
  '站内配有专职管理员，7:00至22:00在岗。',
  '停车场出入口较多，建议从主入口进入。',
  '部分车位为专用车位，请按地面标识停放。',
  '雨棚覆盖全部车位，雨天充电无忧。',
];

export const REMARKS = [
  '已与物业确认夜间开放。',
  '地锁由物业管理，需联系保安开启。',
  '运营商反馈本月将扩容直流桩。',
  '现场指引牌待更换。',
  '停车场收费规则近期调整，待复核。',
];

export const GUIDES = [
  '从{r}主入口进入停车场，沿指示牌直行至充电专区。',
  '导航至{r}，进入地下一层后右转即到。',
  '停车场入口在{r}一侧，充电车位位于东北角。',
  '进入园区后沿主干道行驶约200米，充电站在左手边。',
  '地面停车场北侧，靠近出口闸机。',
];

export const HIGHWAY_GUIDE = '进入服务区后沿充电指引标识行驶，充电车位位于停车场一侧。';

export const PARK_INFOS = [
  '地下二层B区',
  '地面停车场东侧',
  '地下一层C区，靠近电梯厅',
  '停车楼三层',
  '园区北门停车场',
];

/** Codes of the `park_fee_tag` dictionary, with the car park rules their stations quote. */
export const PARK_FEES: readonly { tag: string; origin: string | null }[] = [
  { tag: 'free', origin: null },
  { tag: 'free_while_charging', origin: '充电期间免费停车，充满后30分钟内离场免费。' },
  { tag: 'limited_free', origin: '前2小时免费，超出后每小时5元。' },
  { tag: 'charging_discount', origin: '充电满30分钟减免2小时停车费。' },
  { tag: 'paid', origin: '按停车场标准收费：首小时10元，之后每小时5元，每日封顶60元。' },
];

export const PAYMENTS = ['微信,支付宝,APP', 'APP,刷卡', '微信,支付宝', 'APP,微信,支付宝,银联闪付'];

export const MATCH_CARS = ['全车型', '全车型', '国标直流车型', '乘用车', '蔚来,乐道,萤火虫', '小型车,出租车'];

export const CLONE_DESCRIPTIONS = [
  '北侧第二入口，从辅路进入',
  '地下车库入口，换电站位于B1层',
  '园区东门入口，适合从环路驶来的车辆',
  '服务区对向入口，经连廊可达',
];

export const WORK_LINE_REASONS = ['运维人员调整', '区域重新划分', '新站纳入运维', '班组合并'];

/** Operations regions of the swap network by the first two digits of the province code. */
export const WORK_LINE_REGIONS: readonly [string, readonly string[]][] = [
  ['华北', ['11', '12', '13', '14', '15']],
  ['东北', ['21', '22', '23']],
  ['华东', ['31', '32', '33', '34', '35', '36', '37']],
  ['华中', ['41', '42', '43']],
  ['华南', ['44', '45', '46']],
  ['西南', ['50', '51', '52', '53', '54']],
  ['西北', ['61', '62', '63', '64', '65']],
];

export const CHARGE_WORKSHEETS = [
  {
    title: '{n}号桩无法启动充电',
    description: '用户反馈{n}号桩扫码后无法启动充电，多次尝试均失败，请到现场核实。',
  },
  { title: '充电枪头损坏', description: '巡检发现{n}号桩充电枪头外壳破损，存在安全隐患，需尽快更换。' },
  {
    title: '充电车位被燃油车占用',
    description: '多名用户反馈充电车位长期被燃油车占用，请联系物业加强管理。',
  },
  { title: '充电功率明显偏低', description: '用户反馈在{n}号桩充电功率仅约30kW，远低于标称功率。' },
  {
    title: '站点地址标注有误',
    description: '用户按导航到达后未找到充电站，实际位置在停车场另一侧，请核实坐标。',
  },
  { title: '地锁无法降下', description: '{n}号车位地锁无法通过APP降下，用户无法停车充电。' },
  { title: '夜间照明故障', description: '充电区域夜间照明不亮，影响用户夜间充电。' },
  { title: '电价信息与现场不符', description: '现场公示的服务费与APP展示不一致，请与运营商确认最新价格。' },
  { title: '充电桩屏幕黑屏', description: '{n}号桩显示屏黑屏，无法查看充电状态。' },
  { title: '停车收费与标注不符', description: '用户反馈充电后仍被收取停车费，与站点标注的减免规则不符。' },
];

export const SWAP_WORKSHEETS = [
  { title: '换电排队时间过长', description: '晚高峰排队超过40分钟，请评估是否调整排队预估或增加运维人员。' },
  { title: '换电工位故障停用', description: '换电工位报故障停用，站点暂无法提供换电服务，请尽快处理。' },
  { title: '电池仓温控告警', description: '站控系统上报电池仓温度告警，请到现场检查空调与消防设备。' },
  { title: '入口导航偏差', description: '用户导航到达后找不到换电站入口，请核实入口坐标与指引。' },
  { title: '站内充电桩离线', description: '换电站配套的{n}号充电桩离线，用户无法充电。' },
  { title: '营业时间信息需核实', description: '用户反馈夜间到站时换电站未营业，与展示的营业时间不符。' },
  { title: '第二入口位置需更新', description: '停车场改造后第二入口位置变化，请更新克隆站点坐标与描述。' },
];

export const CLOSE_REMARKS = [
  '已现场处理，恢复正常。',
  '已联系运营商修复。',
  '经核实为用户操作问题，已电话回访。',
  '已更新站点信息。',
  '已更换故障部件并测试通过。',
];

export const NOTIFICATIONS: readonly { type: string; text: string }[] = [
  { type: 'NOTICE', text: '因配电设备检修，本站将于{date}暂停服务，请合理安排出行。' },
  { type: 'NOTICE', text: '停车场入口改道施工期间，请从{r}入口进入。' },
  { type: 'MAINTENANCE', text: '{n}号桩维护中，预计{date}恢复使用。' },
  { type: 'MAINTENANCE', text: '站点例行维护，{date}部分车位暂停使用。' },
  { type: 'PROMOTION', text: '夜间谷时段（23:00至次日08:00）服务费8折优惠。' },
  { type: 'PROMOTION', text: '新用户首单充电服务费全免，活动截至{date}。' },
  { type: 'V2G', text: '本站支持V2G车网互动，参与放电可获得电费补贴。' },
];

/** Names for worksheets and followers when no demo staff exist (the benchmark seeds stations alone). */
export const FALLBACK_STAFF_NAMES = ['王伟', '李娜', '张敏', '刘洋', '陈静', '杨磊', '赵艳', '黄勇'];
