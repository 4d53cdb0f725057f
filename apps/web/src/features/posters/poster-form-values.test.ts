import { describe, expect, it } from 'vitest';
import { PosterCreateSchema, type Poster } from '@cmp/domain/posters/poster-contracts';
import { toPosterFormValues, toPosterRequest } from './poster-form-values';

const stored: Poster = {
  posterId: 4,
  posterName: '站点详情 · 开业有礼',
  activityId: 12,
  activityName: '开业活动',
  tenantId: 'nio',
  clientCode: 'nio_app',
  businessModule: null,
  ruleId: 4,
  visible: true,
  priority: 5,
  image: '/api/files/abc',
  linkType: 1,
  linkUrl: 'https://h5.example.com/opening',
  linkUrlView: null,
  shareInfoId: null,
  description: null,
  effective: true,
  showTimeBegin: 1_795_900_000_000,
  showTimeEnd: 1_798_500_000_000,
  title: null,
  subTitle: null,
  momentsShareInfo: { sharePic: '', shareTitle: '一起充电', description: '', landingPage: '' },
  weiboShareInfo: null,
  regionInfo: ['310000'],
  videoTitle: null,
  videoUrl: null,
  isPush: false,
  pushTitle: null,
  configType: 'ChargeStation',
  resourceScope: 'part',
  resourceCount: 6,
  creator: 'nio-operator',
  createTime: 1_795_000_000_000,
  updateTime: 1_795_000_000_000,
  version: 3,
};

describe('poster form values', () => {
  it('should send a stored poster back as it was, a share channel left empty as none', () => {
    const request = toPosterRequest(toPosterFormValues(stored));
    expect(request).toMatchObject({
      posterName: stored.posterName,
      activityId: 12,
      ruleId: 4,
      priority: 5,
      regionInfo: ['310000'],
      momentsShareInfo: { shareTitle: '一起充电', sharePic: '', description: '', landingPage: '' },
      weiboShareInfo: null,
    });
    expect(PosterCreateSchema.safeParse(request).success).toBe(true);
  });

  it('should start a new poster hidden at priority 99 with no link', () => {
    expect(toPosterFormValues()).toMatchObject({ visible: false, priority: 99, linkType: 0, regionInfo: [] });
  });
});
