import { Tag, Typography, type TableColumnsType } from 'antd';
import type { SignedClientState } from '@cmp/domain/platform/signed-clients';
import { useEnumLabel } from '../../components/i18n/use-enum-label';
import { formatTime } from '../../components/format';

interface ClientKeyRow {
  state: SignedClientState;
  keyFingerprint: string;
  secretRotateTime: number;
}

/** The columns every list of signed clients shows: its state, which key it holds and since when. */
export function useClientKeyColumns<Row extends ClientKeyRow>(titles: {
  state: string;
  keyFingerprint: string;
  secretRotateTime: string;
}): TableColumnsType<Row> {
  const label = useEnumLabel();
  return [
    {
      key: 'state',
      title: titles.state,
      width: 90,
      render: (_, row) => (
        <Tag color={row.state === 'enabled' ? 'success' : 'default'}>
          {label('signedClientState', row.state)}
        </Tag>
      ),
    },
    {
      key: 'keyFingerprint',
      title: titles.keyFingerprint,
      width: 150,
      render: (_, row) => <Typography.Text code>{row.keyFingerprint}</Typography.Text>,
    },
    {
      key: 'secretRotateTime',
      title: titles.secretRotateTime,
      width: 170,
      render: (_, row) => formatTime(row.secretRotateTime),
    },
  ];
}
