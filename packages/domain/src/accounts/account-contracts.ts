import { z } from 'zod';
import { PageQuery, pageOf } from '../platform/paging.js';
import { integerParam, text, trimmedText } from '../shared/input.js';
import { ACCOUNT_COUNTRY_CODE, ACCOUNT_SEARCH_COUNT } from './account-lookup.js';
import { GenderSchema } from './relations.js';

/** The most ids or mobiles one batch look-up takes: 100 chunks of 100. */
export const ACCOUNT_LOOKUP_MAX = 10_000;
/** The most matches one search answers; the spec asks for 20. */
export const ACCOUNT_SEARCH_MAX = 100;

export const AccountIdSchema = trimmedText(64).min(1, { error: 'form.required' });
/** A mobile number as the account service keeps it: digits only, without the country code. */
export const AccountMobileSchema = trimmedText(20).regex(/^\d{3,20}$/, { error: 'accounts.mobileDigits' });
export const CountryCodeSchema = trimmedText(4)
  .regex(/^\d{1,4}$/, { error: 'accounts.countryCode' })
  .default(ACCOUNT_COUNTRY_CODE);

/**
 * A platform account (spec C3.10.3) with what relations show of it (udsUserId, medalImage, intro). The mobile is
 * whole for operators and masked (138****0000) for viewers; times are epoch ms, the birthday a calendar date.
 */
export const PlatformAccountSchema = z.object({
  accountId: z.string(),
  channelCode: z.string().nullable(),
  channelUserId: z.string().nullable(),
  countryCode: z.string(),
  mobile: z.string().nullable(),
  avatar: z.string().nullable(),
  name: z.string().nullable(),
  nickName: z.string().nullable(),
  isDefaultNickname: z.boolean(),
  gender: GenderSchema,
  birthday: z.string().nullable(),
  usualCityCode: z.string().nullable(),
  /** The usual city's name with its province ("广东省/深圳市"), when the code is a known region. */
  usualCity: z.string().nullable(),
  email: z.string().nullable(),
  appId: z.string().nullable(),
  sourceCode: z.string().nullable(),
  udsUserId: z.string().nullable(),
  medalImage: z.string().nullable(),
  intro: z.string().nullable(),
  isDelete: z.boolean(),
  createTime: z.number().int(),
  updateTime: z.number().int(),
});
export type PlatformAccount = z.infer<typeof PlatformAccountSchema>;

/** A simple account (spec C3.10.4): what a batch look-up answers for each id or mobile. */
export const SimpleAccountSchema = z.object({
  accountId: z.string(),
  nickname: z.string().nullable(),
  name: z.string().nullable(),
  mobile: z.string().nullable(),
});
export type SimpleAccount = z.infer<typeof SimpleAccountSchema>;

/** `POST /accounts/by-ids` (query_by_account_ids): accounts in the order of the ids asked for. */
export const AccountIdsLookupSchema = z.object({
  accountIds: z
    .array(AccountIdSchema)
    .min(1, { error: 'form.required' })
    .max(ACCOUNT_LOOKUP_MAX, { error: 'form.maxItems' }),
});
export type AccountIdsLookup = z.infer<typeof AccountIdsLookupSchema>;

/** `POST /accounts/by-mobiles` (query_by_mobiles): the live account of each mobile, in order. */
export const AccountMobilesLookupSchema = z.object({
  countryCode: CountryCodeSchema,
  mobiles: z
    .array(AccountMobileSchema)
    .min(1, { error: 'form.required' })
    .max(ACCOUNT_LOOKUP_MAX, { error: 'form.maxItems' }),
});
export type AccountMobilesLookup = z.infer<typeof AccountMobilesLookupSchema>;

export const SimpleAccountListSchema = z.object({ items: z.array(SimpleAccountSchema) });
export type SimpleAccountList = z.infer<typeof SimpleAccountListSchema>;

/** `GET /accounts/by-mobile` (query_by_mobile): country code '86' unless given. */
export const AccountByMobileQuerySchema = z.object({
  country_code: CountryCodeSchema,
  mobile: AccountMobileSchema,
});

const BooleanParam = z.union([z.boolean(), z.stringbool()]);
const Count = integerParam({ min: 1, max: ACCOUNT_SEARCH_MAX }).default(ACCOUNT_SEARCH_COUNT);

const SearchOptions = { country_code: CountryCodeSchema, count: Count, strict: BooleanParam.default(false) };

/**
 * `GET /accounts/search` (account/profile/by_nickname and by_mobile): by a nickname, its beginning unless
 * `strict`, or by a whole mobile, one of the two; 20 matches unless `count` says otherwise.
 */
export const AccountProfileSearchQuerySchema = z.union([
  z.strictObject({ nick_name: trimmedText(64).min(1, { error: 'form.required' }), ...SearchOptions }),
  z.strictObject({ mobile: AccountMobileSchema, ...SearchOptions }),
]);
export type AccountProfileSearchQuery = z.infer<typeof AccountProfileSearchQuerySchema>;

export const PlatformAccountListSchema = z.object({ items: z.array(PlatformAccountSchema) });
export type PlatformAccountList = z.infer<typeof PlatformAccountListSchema>;

export const ACCOUNT_SEARCH_SORTABLE = ['accountId', 'nickName'] as const;
export const DEFAULT_ACCOUNT_SEARCH_SORT = 'accountId:asc';

/**
 * The user search filter (spec C3.10.4) of `GET /accounts`: every field narrows the answer; the nickname
 * matches its beginning unless `strict`, the mobile whole. Paged as every list (pageNo, pageSize 20 by
 * default); a nickname search reads in nickname order unless `sort` says otherwise.
 */
export const AccountSearchFilterSchema = z.object({
  nickName: trimmedText(64).optional(),
  appId: trimmedText(64).optional(),
  mobile: AccountMobileSchema.optional(),
  accountId: AccountIdSchema.optional(),
  strict: BooleanParam.default(false),
  sort: text(100).optional(),
});
export type AccountSearch = z.infer<typeof AccountSearchFilterSchema>;

export const AccountSearchQuerySchema = PageQuery.extend(AccountSearchFilterSchema.shape);
export type AccountSearchQuery = z.infer<typeof AccountSearchQuerySchema>;
export type AccountSearchRequest = z.input<typeof AccountSearchQuerySchema>;

export const AccountSearchPageSchema = pageOf(PlatformAccountSchema);
export type AccountSearchPage = z.infer<typeof AccountSearchPageSchema>;

/** What a failed look-up's 404 carries besides its code (`user_not_found`): the ids or mobiles not found. */
export const AccountLookupFailureSchema = z.object({ missing: z.array(z.string()) });
export type AccountLookupFailure = z.infer<typeof AccountLookupFailureSchema>;
