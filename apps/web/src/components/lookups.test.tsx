import { useLayoutEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { fakeApi, ok } from '../test/fake-api';
import { useEquipmentOwners, useOperators, useRegions } from './lookups';
import { renderWithProviders } from './test-utils';

describe('lookups', () => {
  it("should ask for a screen's look-ups as it first renders, before it is committed, and once", async () => {
    let committed = false;
    const askedBeforeCommit: string[] = [];
    const answer = (path: string, body: unknown) => () => {
      if (!committed) askedBeforeCommit.push(path);
      return ok(body);
    };
    const calls = fakeApi({
      'GET /api/nio/operators': answer('operators', {
        items: [{ operatorId: 'op-1', operatorName: 'Star' }],
      }),
      'GET /api/nio/equipment-owners': answer('owners', { items: [] }),
      'GET /api/nio/regions': answer('regions', { items: [] }),
    });
    function Screen() {
      const operators = useOperators();
      useEquipmentOwners();
      useRegions();
      return <p>{operators.data?.[0]?.operatorName ?? 'loading'}</p>;
    }
    // Layout effects run in the order of the tree: this one, after the screen, marks it committed.
    function Committed() {
      useLayoutEffect(() => {
        committed = true;
      }, []);
      return null;
    }
    const { findAllByText } = renderWithProviders(
      <>
        <Screen />
        <Screen />
        <Committed />
      </>,
      { route: '/cmp-app/nio/feedback-list' },
    );

    expect(await findAllByText('Star')).toHaveLength(2);
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(askedBeforeCommit.sort()).toEqual(['operators', 'owners', 'regions']);
  });
});
