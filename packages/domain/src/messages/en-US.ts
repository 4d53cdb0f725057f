/**
 * English texts of rule messages and labels. This catalog defines the message keys: the Chinese one must
 * cover exactly the same keys. Where the specification quotes an English text it is used verbatim.
 */
export const enUS = {
  'form.required': 'input cannot be empty',
  'form.number': 'input must be a number',
  'form.maxLength': 'input length cannot exceed {max} characters',
  'form.maxNumber': 'input number cannot exceed {max}',
  'form.minNumber': 'input number cannot be less than {min}',
  'form.integer': 'input must be a whole number',
  'form.invalidCharacter': 'input contains a character that is not allowed',
  'form.jsonTooDeep': 'data cannot be nested more than {max} levels deep',
  'form.jsonTooLarge': 'data cannot exceed {max} characters',
  'form.invalidValue': 'input contains a value that cannot be stored',

  'time.invalidFormat': 'time must use the HH:mm format',
  'time.endNotAfterStart': 'end must be greater than start',
  'time.overlap': 'overlap not allowed',
  'time.invalidTimezone': 'time zone must look like UTC+08:00',

  'weekday.monday': 'Monday',
  'weekday.tuesday': 'Tuesday',
  'weekday.wednesday': 'Wednesday',
  'weekday.thursday': 'Thursday',
  'weekday.friday': 'Friday',
  'weekday.saturday': 'Saturday',
  'weekday.sunday': 'Sunday',

  'businessHours.tooManyRanges': 'at most {max} time ranges per day',
  'businessHours.everyDay': 'Monday to Sunday',
  'businessHours.open': 'open',
  'businessHours.closed': 'closed',
  'businessHours.duplicateDay': 'each day of the week may appear only once',

  // accounts
  'gender.male': 'male',
  'gender.female': 'female',
  'gender.unknown': 'unknown',

  // stations
  'stationStatus.unknown': 'unknown',
  'stationStatus.underConstruction': 'under construction',
  'stationStatus.offline': 'offline',
  'stationStatus.inMaintenance': 'in maintenance',
  'stationStatus.normal': 'normal',
  'constructionType.residentialArea': 'residential area',
  'constructionType.publicInstitution': 'public institution',
  'constructionType.enterprise': 'enterprise or institution',
  'constructionType.officeBuilding': 'office building',
  'constructionType.industrialPark': 'industrial park',
  'constructionType.transportHub': 'transport hub',
  'constructionType.culturalSportsFacility': 'large cultural or sports facility',
  'constructionType.urbanGreenSpace': 'urban green space',
  'constructionType.buildingParking': 'parking of large building',
  'constructionType.roadsideParking': 'roadside parking',
  'constructionType.highwayServiceArea': 'intercity highway service area',
  'constructionType.other': 'other',

  // fees
  'fee.electricity': 'electricity fee:',
  'fee.service': 'service fee:',

  // tags
  'tag.belowMin': '{group} input value cannot be less than {min}',
  'tag.aboveMax': 'input value cannot be greater than {max}',
  'tag.notEditable': 'this tag group cannot be edited',
  'tag.readOnly': 'this tag is read-only',
  'tag.accurateValueLocked':
    'the system has an accurate value, station groups not operated by the owner do not support input',

  // occupy time
  'occupyTime.format': 'please enter correct occupy time, format: 08:30~11:30,12:30~14:30',

  // road books
  'routeTactic.default': 'default',
  'routeTactic.avoidHighway': 'avoid highway',
  'routeTactic.highwayPriority': 'highway priority',
  'routeTactic.avoidCongestion': 'avoid congestion',
  'planningResourceType.dcPile': 'DC pile',
  'planningResourceType.acPile': 'AC pile',
  'planningResourceType.swapStation': 'swap station',

  // activities
  'userRole.default': 'ordinary user',
  'userRole.intentionalOwner': 'intent-deposit owner and above',
  'userRole.preOwner': 'deposit owner and above',
  'userRole.vehicleOwner': 'owner only',

  // time-sharing discounts
  'discountType.promotionalPrice': 'promotional price',
  'discountType.percent': 'percent discount',
  'timeSharing.empty': 'add at least one time slot',
  'timeSharing.firstStart': 'the first time slot must start at 00:00',
  'timeSharing.notContinuous': 'time slot {range} must start where the previous one ends',
  'timeSharing.lastEnd': 'the last time slot must end at 24:00',
  'discount.tenantRequired': 'tenant id is required!',

  // awards and draws
  'claimType.fixed': 'fixed',
  'claimType.random': 'random',
  'claimFrequency.oncePerDay': 'once per day',
  'claimFrequency.once': 'once',
  'rewardState.notExecuted': 'not executed',
  'rewardState.success': 'success',
  'rewardState.fail': 'fail',
  'rewardState.reissueSuccess': 'reissue success',
  'drawState.none': 'none',
  'drawState.win': 'win',
  'drawState.lose': 'lose',

  // coupons
  'couponType.equity': 'fixed-price coupon',
  'couponType.discount': 'discount coupon',
  'couponType.voucher': 'voucher',
  'couponBiz.oneTapPowerUp': 'one-tap power-up',
  'couponBiz.scanToCharge': 'scan-to-charge',
  'couponBatchStatus.created': 'created',
  'couponBatchStatus.processing': 'generating',
  'couponBatchStatus.finished': 'finished',
  'couponBatchStatus.failed': 'failed',
  'couponBatchStatus.killed': 'ended',
  'couponStatus.assigned': 'to be used',
  'couponStatus.used': 'used',
  'couponStatus.expired': 'expired',
  'couponStatus.abandon': 'cancelled',

  // coupon reward failures
  'rewardFailure.couponExpired': 'coupon expired',
  'rewardFailure.couponIneffective': 'not yet valid',
  'rewardFailure.couponReceived': 'already claimed',
  'rewardFailure.couponUsed': 'already used',
  'rewardFailure.couponUnavailable': 'coupon unavailable',
  'rewardFailure.invalidCouponCode': 'invalid code',
  'rewardFailure.duplicateCouponReceive': 'duplicate claim',
  'rewardFailure.invalidIssueAmount': 'abnormal quantity',
  'rewardFailure.batchAmountLimit': 'batch claim limit reached',
  'rewardFailure.batchStockNotEnough': 'batch stock insufficient',
  'rewardFailure.generateRecordUnavailable': 'generate record unavailable',
  'rewardFailure.generateRecordStateUnavailable': 'generate record state unavailable',
  'rewardFailure.generateRecordStateUnfinished': 'generate record unfinished',
  'rewardFailure.ruleMismatch': 'rule does not match the rule the coupon was created with',

  // coupon recipient import
  'recipients.unknownHeader':
    'the first column header must be 手机号 (mobile) or 账号 (account), not {header}',
  'recipients.none': 'the sheet lists no recipients',
  'recipients.empty': 'empty data;',
  'recipients.duplicate': 'duplicate data;',
  'recipients.mobileNotRegistered': 'this mobile number is not registered;',
  'recipients.accountInvalid': 'this account is invalid;',
  'recipients.sheet.message': 'error message',
  'recipients.sheet.status': 'status',
  'recipients.sheet.invalid': 'invalid',

  // mall, chats and posters
  'orderStatus.created': 'created',
  'orderStatus.toBeShipped': 'to be shipped',
  'orderStatus.completed': 'completed',
  'paymentStatus.unpaid': 'unpaid',
  'paymentStatus.paid': 'paid',
  'deliveryStatus.notShipped': 'not shipped',
  'deliveryStatus.shipped': 'shipped',
  'chatClient.sapp': 'sapp',
  'chatClient.nioApp': 'NIO app',
  'chatClient.peApp': 'PE app',
  'chatClient.peMini': 'PE WeChat / Alipay mini-program',
  'chatStatus.normal': 'normal',
  'chatStatus.destroyed': 'destroyed',
  'chatStatus.invalid': 'invalid',
  'chatStatus.illegalOperation': 'illegal operation, wrong group type',
  'chatStatus.groupNotExist': 'group does not exist or was destroyed',
  'sharePictures.tooMany': 'at most {max} pictures',
  'swap.powerMinAboveMax': 'minimum power cannot be greater than maximum power',
  'swap.cloneLocationRequired': 'a clone needs its longitude and latitude',
  'swap.workLineReasonRequired': 'give a reason for changing the work line',
  'notification.badUrl': 'link must start with http:// or https://',
  'station.versionConflict': 'this station was changed by someone else; reload it and make your change again',
  'station.businessHoursNotEditable': 'business hours differ between days and cannot be edited here',
  'station.electricityFeeNotEditable': 'electricity fee has price ranges and cannot be edited here',
  'station.serviceFeeNotEditable': 'service fee has price ranges and cannot be edited here',
  'station.alreadyOffline': 'the station is already offline there',
  'station.unknownRegion': 'unknown region {regionId}',
  'station.unknownBizScene': 'unknown business scene {code}',
  'station.worksheetNotOfStation': 'worksheet {worksheetId} is not a worksheet of this station',
  'region.locationOutside': 'no region of China at longitude {longitude}, latitude {latitude}',
  'worksheet.alreadyClosed': 'the worksheet is already closed',
  'picture.alreadyDeleted': 'the picture is already deleted',
  'operationExtData.invalid': 'operation extra data must be a JSON object',
} as const satisfies Record<string, string>;

export type MessageKey = keyof typeof enUS;
