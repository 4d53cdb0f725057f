import type { MessageKey } from './en-US.js';

/** Chinese texts, the portal's default language; texts the specification quotes in Chinese are verbatim. */
export const zhCN: Record<MessageKey, string> = {
  'form.required': '输入不能为空',
  'form.number': '输入必须为数字',
  'form.maxLength': '输入长度不能超过{max}个字符',
  'form.maxNumber': '输入数字不能超过{max}',
  'form.minNumber': '输入数字不能小于{min}',
  'form.integer': '输入必须为整数',

  'time.invalidFormat': '时间格式必须为 HH:mm',
  'time.endNotAfterStart': '结束时间必须大于开始时间',
  'time.overlap': '时间段不能重叠',
  'time.invalidTimezone': '时区格式必须为 UTC+08:00',

  'weekday.monday': '周一',
  'weekday.tuesday': '周二',
  'weekday.wednesday': '周三',
  'weekday.thursday': '周四',
  'weekday.friday': '周五',
  'weekday.saturday': '周六',
  'weekday.sunday': '周日',

  'businessHours.tooManyRanges': '每天最多{max}个时间段',
  'businessHours.everyDay': '周一至周日',
  'businessHours.open': '营业',
  'businessHours.closed': '休息',
  'businessHours.duplicateDay': '每个星期几只能出现一次',

  // accounts
  'gender.male': '男',
  'gender.female': '女',
  'gender.unknown': '未知',

  // stations
  'stationStatus.unknown': '未知',
  'stationStatus.underConstruction': '建设中',
  'stationStatus.offline': '已下线',
  'stationStatus.inMaintenance': '维护中',
  'stationStatus.normal': '正常',
  'constructionType.residentialArea': '居民区',
  'constructionType.publicInstitution': '公共机构',
  'constructionType.enterprise': '企事业单位',
  'constructionType.officeBuilding': '写字楼',
  'constructionType.industrialPark': '工业园区',
  'constructionType.transportHub': '交通枢纽',
  'constructionType.culturalSportsFacility': '大型文体设施',
  'constructionType.urbanGreenSpace': '城市绿地',
  'constructionType.buildingParking': '大型建筑配建停车场',
  'constructionType.roadsideParking': '路边停车位',
  'constructionType.highwayServiceArea': '城际高速服务区',
  'constructionType.other': '其他',

  // fees
  'fee.electricity': '电费:',
  'fee.service': '服务费:',

  // tags
  'tag.belowMin': '{group}输入值不能小于{min}',
  'tag.aboveMax': '输入值不能大于{max}',
  'tag.notEditable': '该标签组不支持编辑',
  'tag.readOnly': '该标签为只读',
  'tag.accurateValueLocked': '系统已有准确值，非自营场站组不支持录入',

  // occupy time
  'occupyTime.format': '请输入正确的占用时间，格式：08:30~11:30,12:30~14:30',

  // road books
  'routeTactic.default': '默认',
  'routeTactic.avoidHighway': '不走高速',
  'routeTactic.highwayPriority': '高速优先',
  'routeTactic.avoidCongestion': '躲避拥堵',
  'planningResourceType.dcPile': '直流桩',
  'planningResourceType.acPile': '交流桩',
  'planningResourceType.swapStation': '换电站',

  // activities
  'userRole.default': '普通用户',
  'userRole.intentionalOwner': '意向金车主及以上',
  'userRole.preOwner': '定金车主及以上',
  'userRole.vehicleOwner': '仅车主',

  // time-sharing discounts
  'discountType.promotionalPrice': '优惠价',
  'discountType.percent': '折扣',
  'timeSharing.empty': '请至少添加一个时间段',
  'timeSharing.firstStart': '第一个时间段必须从00:00开始',
  'timeSharing.notContinuous': '第{range}个时间段必须从上一个时间段的结束时间开始',
  'timeSharing.lastEnd': '最后一个时间段必须在24:00结束',
  'discount.tenantRequired': '租户ID不能为空！',

  // awards and draws
  'claimType.fixed': '固定',
  'claimType.random': '随机',
  'claimFrequency.oncePerDay': '每天一次',
  'claimFrequency.once': '仅一次',
  'rewardState.notExecuted': '未执行',
  'rewardState.success': '成功',
  'rewardState.fail': '失败',
  'rewardState.reissueSuccess': '补发成功',
  'drawState.none': '未抽奖',
  'drawState.win': '中奖',
  'drawState.lose': '未中奖',

  // coupons
  'couponType.equity': '一口价券',
  'couponType.discount': '折扣券',
  'couponType.voucher': '代金券',
  'couponBiz.oneTapPowerUp': '一键加电',
  'couponBiz.scanToCharge': '扫码充电',
  'couponBatchStatus.created': '已创建',
  'couponBatchStatus.processing': '生成中',
  'couponBatchStatus.finished': '已完成',
  'couponBatchStatus.failed': '失败',
  'couponBatchStatus.killed': '已结束',
  'couponStatus.assigned': '待使用',
  'couponStatus.used': '已使用',
  'couponStatus.expired': '已过期',
  'couponStatus.abandon': '已作废',

  // coupon reward failures
  'rewardFailure.couponExpired': '优惠券已过期',
  'rewardFailure.couponIneffective': '优惠券未生效',
  'rewardFailure.couponReceived': '优惠券已领取',
  'rewardFailure.couponUsed': '优惠券已使用',
  'rewardFailure.couponUnavailable': '优惠券不可用',
  'rewardFailure.invalidCouponCode': '券码无效',
  'rewardFailure.duplicateCouponReceive': '重复领取',
  'rewardFailure.invalidIssueAmount': '发放数量异常',
  'rewardFailure.batchAmountLimit': '已达批次领取上限',
  'rewardFailure.batchStockNotEnough': '批次库存不足',
  'rewardFailure.generateRecordUnavailable': '生成记录不可用',
  'rewardFailure.generateRecordStateUnavailable': '生成记录状态不可用',
  'rewardFailure.generateRecordStateUnfinished': '生成记录未完成',
  'rewardFailure.ruleMismatch': '规则与优惠券创建时的规则不匹配',

  // coupon recipient import
  'recipients.unknownHeader': '第一列表头必须为“手机号”或“账号”，当前为“{header}”',
  'recipients.none': '表格中没有接收人',
  'recipients.empty': '数据为空;',
  'recipients.duplicate': '重复数据;',
  'recipients.mobileNotRegistered': '该手机号未注册;',
  'recipients.accountInvalid': '该账号无效;',
  'recipients.sheet.message': '错误信息',
  'recipients.sheet.status': '状态',
  'recipients.sheet.invalid': '无效',

  // mall, chats and posters
  'orderStatus.created': '已创建',
  'orderStatus.toBeShipped': '待发货',
  'orderStatus.completed': '已完成',
  'paymentStatus.unpaid': '未支付',
  'paymentStatus.paid': '已支付',
  'deliveryStatus.notShipped': '未发货',
  'deliveryStatus.shipped': '已发货',
  'chatClient.sapp': 'sapp',
  'chatClient.nioApp': 'NIO App',
  'chatClient.peApp': 'PE App',
  'chatClient.peMini': 'PE 微信/支付宝小程序',
  'chatStatus.normal': '正常',
  'chatStatus.destroyed': '已解散',
  'chatStatus.invalid': '无效',
  'chatStatus.illegalOperation': '非法操作，群类型错误',
  'chatStatus.groupNotExist': '群不存在或已解散',
  'sharePictures.tooMany': '最多{max}张图片',
};
