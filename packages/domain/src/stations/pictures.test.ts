import { describe, expect, it } from 'vitest';
import { fieldRuleMessages } from '../shared/zod-issues.js';
import { PictureDeleteQuerySchema, PictureUploadFieldsSchema } from './pictures.js';

describe('picture contracts', () => {
  it('should read the operation extra data of a delete from its JSON text', () => {
    expect(
      PictureDeleteQuerySchema.parse({ operation_ext_data: '{"worksheet_id":"W1","note":"x"}' }),
    ).toEqual({
      operation_ext_data: { worksheet_id: 'W1', note: 'x' },
    });
    expect(PictureDeleteQuerySchema.parse({ operation_ext_data: 'null' })).toEqual({
      operation_ext_data: null,
    });
    expect(PictureDeleteQuerySchema.parse({})).toEqual({});
  });

  it.each(['{bad', '[1,2]', '"text"', '7'])('should refuse %j as operation extra data', (text) => {
    const result = PictureDeleteQuerySchema.safeParse({ operation_ext_data: text });

    expect(result.success).toBe(false);
    expect(fieldRuleMessages(result.error!)).toEqual([
      { path: 'operation_ext_data', message: { key: 'operationExtData.invalid' } },
    ]);
  });

  it('should refuse a worksheet id that is neither text nor a whole number', () => {
    expect(PictureDeleteQuerySchema.safeParse({ operation_ext_data: '{"worksheet_id":true}' }).success).toBe(
      false,
    );
  });

  it('should read the multipart text fields with their defaults', () => {
    expect(PictureUploadFieldsSchema.parse({ resourceId: 'CS1' })).toEqual({
      resourceId: 'CS1',
      pictureSourceId: 2,
      pictureSceneId: 99,
      appVisible: true,
    });
    expect(
      PictureUploadFieldsSchema.parse({
        resourceId: 'CS1',
        pictureSourceId: '1',
        pictureSceneId: '4',
        appVisible: 'false',
      }),
    ).toMatchObject({ pictureSourceId: 1, pictureSceneId: 4, appVisible: false });
    expect(PictureUploadFieldsSchema.safeParse({ resourceId: 'CS1', pictureSourceId: '9' }).success).toBe(
      false,
    );
  });
});
