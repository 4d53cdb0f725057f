import { describe, expect, it } from 'vitest';
import { formatMessage } from '../messages/format.js';
import {
  DRAW_STATE_LABELS,
  DRAW_STATES,
  LOTTERY_DRAW_PAGE_SIZE,
  REWARD_STATE_LABELS,
  REWARD_STATES,
} from './reward-states.js';

describe('reward and draw states', () => {
  it('should label reward states 0 to 3', () => {
    expect(REWARD_STATES.map((s) => formatMessage('en-US', { key: REWARD_STATE_LABELS[s] }))).toEqual([
      'Not executed',
      'Success',
      'Fail',
      'Reissue success',
    ]);
  });

  it('should label draw states none, win and lose', () => {
    expect(DRAW_STATES.map((s) => formatMessage('en-US', { key: DRAW_STATE_LABELS[s] }))).toEqual([
      'None',
      'Win',
      'Lose',
    ]);
  });

  it('should page lottery draws by 10', () => {
    expect(LOTTERY_DRAW_PAGE_SIZE).toBe(10);
  });
});
