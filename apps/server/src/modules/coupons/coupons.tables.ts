import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * A coupon batch (spec M3.3.1). `amount` is how many coupons the batch may ever have; `stockAmount` what is
 * left of it for generation, sending and token claims. The five counters move in the same statement as the
 * coupons they count, so they stay exact under concurrency. Money (`couponValue` of equity and voucher
 * types, `totalPrice`) is in cents; a discount's `couponValue` is a ratio with 2 decimals.
 */
export const couponBatches = pgTable(
  'coupon_batches',
  {
    couponBatchId: bigint('coupon_batch_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenant: text('tenant').notNull(),
    couponName: text('coupon_name').notNull(),
    batchName: text('batch_name').notNull(),
    awardType: text('award_type').notNull().default('pe_coupon'),
    couponBizCode: text('coupon_biz_code').notNull(),
    couponTypeCode: text('coupon_type_code').notNull(),
    couponSubType: text('coupon_sub_type').notNull().default('-1'),
    status: text('status').notNull().default('created'),
    amount: integer('amount').notNull(),
    stockAmount: integer('stock_amount').notNull(),
    createdAmount: integer('created_amount').notNull().default(0),
    assignedAmount: integer('assigned_amount').notNull().default(0),
    expiredAmount: integer('expired_amount').notNull().default(0),
    usedAmount: integer('used_amount').notNull().default(0),
    abandonAmount: integer('abandon_amount').notNull().default(0),
    limitPerUser: integer('limit_per_user'),
    expireTypeCode: text('expire_type_code').notNull(),
    effectiveDate: timestamp('effective_date', { withTimezone: true }),
    expireDate: timestamp('expire_date', { withTimezone: true }),
    effectiveDays: integer('effective_days'),
    imageUrl: text('image_url'),
    couponValue: doublePrecision('coupon_value').notNull(),
    couponValueDisplay: text('coupon_value_display'),
    priceServiceFee: boolean('price_service_fee').notNull().default(false),
    priceElectricityFee: boolean('price_electricity_fee').notNull().default(false),
    hasPriceLimit: boolean('has_price_limit').notNull().default(false),
    totalPrice: bigint('total_price', { mode: 'number' }),
    portalEditable: boolean('portal_editable').notNull().default(true),
    dilatationEnable: boolean('dilatation_enable').notNull().default(false),
    grantEnable: boolean('grant_enable').notNull().default(true),
    isTransfer: boolean('is_transfer').notNull().default(false),
    isSaasTenant: boolean('is_saas_tenant').notNull().default(false),
    discountCouponCostShare: doublePrecision('discount_coupon_cost_share'),
    couponDescription: text('coupon_description'),
    /** Rules as the spec's `{ type, values }` list; a value `all` matches every value of its type. */
    rules: jsonb('rules')
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Use range: operators, charge stations and custom tags the coupon may be used at. */
    useRange: jsonb('use_range')
      .notNull()
      .default(sql`'{}'::jsonb`),
    customTag: text('custom_tag')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    bizExtend: jsonb('biz_extend'),
    operatorAccount: text('operator_account').notNull(),
    rowVersion: integer('row_version').notNull().default(1),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('coupon_batches_time_idx').on(t.tenant, t.createTime.desc(), t.couponBatchId.desc()),
    index('coupon_batches_name_idx').on(t.tenant, t.batchName.op('text_pattern_ops')),
  ],
);

/**
 * A generate record (spec M3.3.5): one order to create coupons of a batch, for given accounts
 * (generate_assign, batch_generate_assign) or as claimable codes (generate), worked by a durable job.
 * `generatedAmount` is its progress; a `couponToken` lets users claim one coupon each from the batch's
 * stock between the token's dates.
 */
export const couponGenerateRecords = pgTable(
  'coupon_generate_records',
  {
    generateRecordId: bigint('generate_record_id', { mode: 'number' })
      .primaryKey()
      .generatedAlwaysAsIdentity(),
    tenant: text('tenant').notNull(),
    couponBatchId: bigint('coupon_batch_id', { mode: 'number' })
      .notNull()
      .references(() => couponBatches.couponBatchId),
    generateType: text('generate_type').notNull(),
    codeType: text('code_type').notNull().default('random'),
    status: text('status').notNull().default('created'),
    generateAmount: integer('generate_amount').notNull(),
    generatedAmount: integer('generated_amount').notNull().default(0),
    accountIds: text('account_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    couponToken: text('coupon_token'),
    couponTokenEffectiveDate: timestamp('coupon_token_effective_date', { withTimezone: true }),
    couponTokenExpireDate: timestamp('coupon_token_expire_date', { withTimezone: true }),
    remark: text('remark'),
    jobId: integer('job_id'),
    operatorAccount: text('operator_account').notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('coupon_generate_records_time_idx').on(t.tenant, t.createTime.desc(), t.generateRecordId.desc()),
    index('coupon_generate_records_batch_idx').on(t.couponBatchId, t.createTime.desc()),
    uniqueIndex('coupon_generate_records_token_idx')
      .on(t.couponToken)
      .where(sql`${t.couponToken} is not null`),
  ],
);

/**
 * An issued coupon (spec M3.3.4). `couponUuid` is its code, unique across the network. A coupon with no
 * account is a code waiting to be claimed (status `created`); binding it to an account makes it
 * `assigned`. `seq` numbers the coupons of one generate record, so a generation job cut off in the middle
 * and done again cannot create a coupon twice.
 */
export const coupons = pgTable(
  'coupons',
  {
    couponId: bigint('coupon_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenant: text('tenant').notNull(),
    couponUuid: text('coupon_uuid').notNull(),
    couponBatchId: bigint('coupon_batch_id', { mode: 'number' })
      .notNull()
      .references(() => couponBatches.couponBatchId),
    generateRecordId: bigint('generate_record_id', { mode: 'number' }).references(
      () => couponGenerateRecords.generateRecordId,
    ),
    seq: integer('seq'),
    accountId: text('account_id'),
    status: text('status').notNull(),
    couponChannel: text('coupon_channel').notNull(),
    effectiveDate: timestamp('effective_date', { withTimezone: true }),
    expireDate: timestamp('expire_date', { withTimezone: true }),
    bindDate: timestamp('bind_date', { withTimezone: true }),
    consumeDate: timestamp('consume_date', { withTimezone: true }),
    orderId: text('order_id'),
    wbsCode: text('wbs_code'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
    updateTime: timestamp('update_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_uuid_idx').on(t.couponUuid),
    uniqueIndex('coupons_record_seq_idx')
      .on(t.generateRecordId, t.seq)
      .where(sql`${t.seq} is not null`),
    uniqueIndex('coupons_order_idx')
      .on(t.tenant, t.orderId)
      .where(sql`${t.orderId} is not null`),
    // Unclaimed codes have no account: leaving them out keeps a generation of a million codes off this index.
    index('coupons_account_idx')
      .on(t.tenant, t.accountId, t.createTime.desc())
      .where(sql`${t.accountId} is not null`),
    index('coupons_batch_idx').on(t.couponBatchId, t.status),
    // A batch's codes in the order they were made, a page at a time, for the code download.
    index('coupons_batch_code_idx').on(t.couponBatchId, t.couponId),
    index('coupons_time_idx').on(t.tenant, t.createTime.desc(), t.couponId.desc()),
    index('coupons_expiry_idx')
      .on(t.expireDate)
      .where(sql`${t.status} in ('created', 'assigned')`),
  ],
);

/**
 * A coupon bound to an account (POST coupons/bind/records lists them): who got it, how (send, import,
 * generate_assign, claim by code, claim by token) and by whom.
 */
export const couponBindRecords = pgTable(
  'coupon_bind_records',
  {
    bindRecordId: bigint('bind_record_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenant: text('tenant').notNull(),
    couponId: bigint('coupon_id', { mode: 'number' })
      .notNull()
      .references(() => coupons.couponId),
    couponBatchId: bigint('coupon_batch_id', { mode: 'number' }).notNull(),
    accountId: text('account_id').notNull(),
    channel: text('channel').notNull(),
    operatorAccount: text('operator_account').notNull(),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('coupon_bind_records_account_idx').on(t.tenant, t.accountId, t.createTime.desc()),
    index('coupon_bind_records_batch_idx').on(t.couponBatchId, t.accountId),
    index('coupon_bind_records_time_idx').on(t.tenant, t.createTime.desc(), t.bindRecordId.desc()),
  ],
);

/** An abandon (spec M3.3.11): coupons cancelled by one order of staff, with how many it took. */
export const couponAbandonRecords = pgTable(
  'coupon_abandon_records',
  {
    couponAbandonRecordId: bigint('coupon_abandon_record_id', { mode: 'number' })
      .primaryKey()
      .generatedAlwaysAsIdentity(),
    tenant: text('tenant').notNull(),
    abandonType: text('abandon_type').notNull(),
    value: text('value').notNull(),
    couponBatchId: bigint('coupon_batch_id', { mode: 'number' }),
    batchName: text('batch_name'),
    abandonAmount: integer('abandon_amount').notNull(),
    operatorAccount: text('operator_account').notNull(),
    remark: text('remark'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('coupon_abandon_records_time_idx').on(
      t.tenant,
      t.createTime.desc(),
      t.couponAbandonRecordId.desc(),
    ),
  ],
);

/**
 * The custom tags coupons may be limited to (GET tag/list, spec M3.3.13): a tenant's own catalogue, used
 * by the rules' `tag` type and the use range.
 */
export const couponCustomTags = pgTable(
  'coupon_custom_tags',
  {
    tenant: text('tenant').notNull(),
    tagValue: text('tag_value').notNull(),
    description: text('description'),
    createTime: timestamp('create_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupon_custom_tags_value_idx').on(t.tenant, t.tagValue)],
);
