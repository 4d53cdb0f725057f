import type { ReactNode } from 'react';
import { Modal } from 'antd';

/**
 * A modal holding an EntityForm: it closes only through the form's Cancel (which asks before unsaved
 * changes are dropped) or once the form saved, never by the mask, Escape or a close button that would not ask.
 */
export function EditorModal({
  title,
  width = 520,
  children,
}: {
  title: ReactNode;
  width?: number;
  children: ReactNode;
}) {
  return (
    <Modal
      open
      title={title}
      footer={null}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      width={width}
    >
      {children}
    </Modal>
  );
}
