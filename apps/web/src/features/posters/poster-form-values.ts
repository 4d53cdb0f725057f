import type { ClientCode } from '@cmp/domain/shared/clients';
import type { Poster, PosterCreate, ShareInfo } from '@cmp/domain/posters/poster-contracts';

interface ShareInfoValues {
  sharePic?: string;
  shareTitle?: string;
  description?: string;
  landingPage?: string;
}

/** The editor's values: ids as the selects hold them (text), times as epoch ms, share info as four texts. */
export interface PosterFormValues {
  posterName?: string;
  activityId?: string;
  clientCode?: ClientCode;
  businessModule?: string;
  ruleId?: number;
  visible: boolean;
  priority?: number | null;
  image?: string;
  linkType: number;
  linkUrl?: string;
  linkUrlView?: string;
  shareInfoId?: number | null;
  description?: string;
  showTimeBegin?: number;
  showTimeEnd?: number;
  title?: string;
  subTitle?: string;
  momentsShareInfo: ShareInfoValues;
  weiboShareInfo: ShareInfoValues;
  regionInfo: string[];
  videoTitle?: string;
  videoUrl?: string;
  isPush: boolean;
  pushTitle?: string;
}

const shareValues = (info: ShareInfo | null | undefined): ShareInfoValues => ({
  sharePic: info?.sharePic ?? '',
  shareTitle: info?.shareTitle ?? '',
  description: info?.description ?? '',
  landingPage: info?.landingPage ?? '',
});

/** A channel left empty is no share info at all. */
const shareInfoOf = (values: ShareInfoValues | undefined): ShareInfo | null => {
  const info = {
    sharePic: values?.sharePic?.trim() ?? '',
    shareTitle: values?.shareTitle?.trim() ?? '',
    description: values?.description?.trim() ?? '',
    landingPage: values?.landingPage?.trim() ?? '',
  };
  return Object.values(info).every((value) => value === '') ? null : info;
};

export const toPosterFormValues = (poster?: Poster): PosterFormValues => ({
  posterName: poster?.posterName ?? '',
  activityId: poster?.activityId == null ? undefined : String(poster.activityId),
  clientCode: poster?.clientCode,
  businessModule: poster?.businessModule ?? undefined,
  ruleId: poster?.ruleId,
  visible: poster?.visible ?? false,
  priority: poster?.priority ?? 99,
  image: poster?.image ?? '',
  linkType: poster?.linkType ?? 0,
  linkUrl: poster?.linkUrl ?? '',
  linkUrlView: poster?.linkUrlView ?? '',
  shareInfoId: poster?.shareInfoId ?? null,
  description: poster?.description ?? '',
  showTimeBegin: poster?.showTimeBegin,
  showTimeEnd: poster?.showTimeEnd,
  title: poster?.title ?? '',
  subTitle: poster?.subTitle ?? '',
  momentsShareInfo: shareValues(poster?.momentsShareInfo),
  weiboShareInfo: shareValues(poster?.weiboShareInfo),
  regionInfo: poster?.regionInfo ?? [],
  videoTitle: poster?.videoTitle ?? '',
  videoUrl: poster?.videoUrl ?? '',
  isPush: poster?.isPush ?? false,
  pushTitle: poster?.pushTitle ?? '',
});

/** The request of the form's values; what is missing is left for the contract to name. */
export const toPosterRequest = (values: Partial<PosterFormValues>): PosterCreate => ({
  posterName: values.posterName ?? '',
  activityId: values.activityId ? Number(values.activityId) : null,
  clientCode: values.clientCode as ClientCode,
  businessModule: values.businessModule ?? null,
  ruleId: values.ruleId as number,
  visible: values.visible ?? false,
  ...(values.priority == null ? {} : { priority: values.priority }),
  image: values.image ?? '',
  linkType: values.linkType ?? 0,
  linkUrl: values.linkUrl ?? null,
  linkUrlView: values.linkUrlView ?? null,
  shareInfoId: values.shareInfoId ?? null,
  description: values.description ?? null,
  showTimeBegin: values.showTimeBegin as number,
  showTimeEnd: values.showTimeEnd as number,
  title: values.title ?? null,
  subTitle: values.subTitle ?? null,
  momentsShareInfo: shareInfoOf(values.momentsShareInfo),
  weiboShareInfo: shareInfoOf(values.weiboShareInfo),
  regionInfo: values.regionInfo ?? [],
  videoTitle: values.videoTitle ?? null,
  videoUrl: values.videoUrl ?? null,
  isPush: values.isPush ?? false,
  pushTitle: values.pushTitle ?? null,
});
